import type { PublicPun, Pun } from '#shared/api';
import { moderationMessages } from '#shared/moderation-text';
import { PunMenu } from './PunMenu';
import '../moderation.css';

interface PunModerationProps {
  pun: Pun | PublicPun;
  /** The signed-in viewer; absent where nobody can act (the log-in screen). */
  viewerId: string | undefined;
}

// What a pun card shows about moderation (issue 8): another player's pun gets the ⋯ menu
// (report, block); the viewer's own pun, when reports hid it, a "Hidden pending review" mark.
export function PunModeration({ pun, viewerId }: PunModerationProps) {
  if (viewerId === undefined) return null;
  if (pun.userId !== viewerId) return <PunMenu pun={pun} />;
  if (!pun.hidden) return null;
  return (
    <p className="pun-hidden-mark">
      <strong>{moderationMessages.hiddenMark}</strong>
      <span className="pun-hidden-why">{moderationMessages.hiddenExplanation}</span>
    </p>
  );
}
