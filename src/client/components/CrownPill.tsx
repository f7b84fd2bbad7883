import { messages } from '#shared/messages';
import { CrownIcon } from './icons';

// spec §2 Header: the user's total crown count, with the spec's tooltip.
export function CrownPill({ count }: { count: number }) {
  return (
    <span
      className="pill crown-pill"
      role="img"
      aria-label={`Crowns received: ${count}`}
      title={messages.crownTooltip}
    >
      <CrownIcon className="pill-icon" />
      <span aria-hidden="true">{count}</span>
    </span>
  );
}
