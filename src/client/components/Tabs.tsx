import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabDefinition<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabDefinition<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

export function tabId(id: string): string {
  return `tab-${id}`;
}

export function tabPanelId(id: string): string {
  return `tabpanel-${id}`;
}

// WAI-ARIA tabs with automatic activation: Left/Right arrows (wrapping), Home and End move to a
// tab and select it. Only the selected tab is in the Tab order; its panel follows it.
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: TabsProps<T>) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="tab"
              aria-selected={isSelected}
              // Only the selected tab's panel is rendered, so only it can be referenced.
              aria-controls={isSelected ? tabPanelId(tab.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={tabPanelId(selected)}
        aria-labelledby={tabId(selected)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs put the panel in the Tab order when it may start with no focusable content.
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
