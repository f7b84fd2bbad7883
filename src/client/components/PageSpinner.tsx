// The centred spinner shown while the sign-in state (or a screen's code) loads. spec §2
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-label="Loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

export function InlineSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="inline-spinner" role="status" aria-label={label}>
      <span className="spinner spinner-small" aria-hidden="true" />
    </span>
  );
}
