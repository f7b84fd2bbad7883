import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import '../moderation.css';

interface ModalDialogProps {
  title: string;
  /** Escape, the close button, or the caller's own buttons. */
  onClose: () => void;
  /** 'alertdialog' for a confirmation that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

// A modal dialog on the browser's own <dialog>: showModal() makes the page behind it inert,
// keeps Tab inside it, and closes it on Escape. Rendered at the end of <body>, mounted only
// while open; the caller puts focus back where it belongs when it closes.
export function ModalDialog({ title, onClose, role = 'dialog', children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      // Test DOMs without showModal: open it in place.
      dialog.setAttribute('open', '');
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestOnClose.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Test DOMs do not turn Escape into `cancel`.
        if (event.key === 'Escape' && typeof ref.current?.showModal !== 'function') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      {children}
    </dialog>,
    document.body,
  );
}
