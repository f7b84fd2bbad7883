import type { ReactNode } from 'react';

// The green success box and the red error box of the spec (§2 Profile settings, and every form).
// Success is polite (role=status); an error interrupts (role=alert).
export function Notice({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  if (kind === 'success') {
    return (
      <p className="notice notice-success" role="status">
        {children}
      </p>
    );
  }
  return (
    <p className="notice notice-error" role="alert">
      {children}
    </p>
  );
}
