import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

// A WAI-ARIA menu button (the header's settings menu, each pun's ⋯ menu): Enter, Space or Arrow
// Down open it on the first item, Arrow Up on the last; arrows (wrapping), Home and End move;
// Space activates an item, links included; Escape closes it and gives focus back to the button;
// Tab or a pointer press outside closes it. The menu element itself says role="menu".
export function useMenuButton(itemCount: number) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const last = itemCount - 1;

  const buttonProps = {
    ref: buttonRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => (open ? close(false) : openAt(0)),
    onKeyDown: (event: ReactKeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        openAt(0);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        openAt(last);
      }
    },
  };

  const menuProps = {
    id: menuId,
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      const moves: Record<string, number> = {
        ArrowDown: activeIndex === last ? 0 : activeIndex + 1,
        ArrowUp: activeIndex === 0 ? last : activeIndex - 1,
        Home: 0,
        End: last,
      };
      const next = moves[event.key];
      if (next !== undefined) {
        event.preventDefault();
        setActiveIndex(next);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      } else if (event.key === 'Tab') {
        close(false);
      } else if (event.key === ' ') {
        event.preventDefault();
        (event.target as HTMLElement).click();
      }
    },
  };

  /** The ref of item `index`, so arrows can move focus to it. */
  const itemRef = (index: number) => (element: HTMLElement | null) => {
    itemRefs.current[index] = element;
  };

  return { open, close, containerRef, buttonRef, buttonProps, menuProps, itemRef };
}
