import { type ComponentType, useId, useState } from 'react';
import type { Pun, ReactionCounts, ReactionKey } from '#shared/api';
import { REACTION_KEYS } from '#shared/constants';
import { messages } from '#shared/messages';
import { reactionErrorMessage, useReactMutation } from '../api/reactions';
import { CrownIcon, FireIcon, LaughingIcon, ThinkerIcon } from './icons';
import { Notice } from './Notice';
import '../social.css';

interface ReactionInfo {
  name: string;
  meaning: string;
  Icon: ComponentType<{ className?: string }>;
}

// spec §1: what each reaction means, shown as its tooltip.
export const REACTIONS: Record<ReactionKey, ReactionInfo> = {
  crown: { name: 'Crown', meaning: 'Best pun of the day', Icon: CrownIcon },
  fire: { name: 'Fire', meaning: 'Exceptionally clever', Icon: FireIcon },
  thinker: { name: 'Thinker', meaning: 'Makes you pause', Icon: ThinkerIcon },
  laughing: { name: 'Laughing', meaning: 'Makes you chuckle', Icon: LaughingIcon },
};

interface ReactionBarProps {
  pun: Pick<Pun, 'id' | 'reactions' | 'myReaction'>;
  /** The viewer wrote this pun: spec §6, the buttons are disabled with a tooltip. */
  isOwn: boolean;
}

// spec §4 Reaction: four toggle buttons, one of which may be the viewer's. On one's own pun the
// buttons stay focusable (aria-disabled rather than disabled) so keyboard users can reach the
// tooltip that says why they do nothing.
export function ReactionBar({ pun, isOwn }: ReactionBarProps) {
  const react = useReactMutation(pun.id);
  const [error, setError] = useState<string | null>(null);
  const [hinted, setHinted] = useState(false);
  const tooltipId = useId();

  const choose = (reaction: ReactionKey) => {
    setError(null);
    if (isOwn) {
      setHinted(true);
      return;
    }
    react.mutate(
      { pun, reaction },
      { onError: (failure) => setError(reactionErrorMessage(failure)) },
    );
  };

  return (
    <div className={isOwn ? 'reaction-bar reaction-bar-own' : 'reaction-bar'}>
      <div className="reaction-anchor">
        <fieldset className="reaction-buttons" onBlur={() => setHinted(false)}>
          <legend className="visually-hidden">Reactions</legend>
          {REACTION_KEYS.map((key) => {
            const { name, meaning, Icon } = REACTIONS[key];
            const count = pun.reactions[key];
            return (
              <button
                key={key}
                type="button"
                className={`reaction-button reaction-${key}`}
                aria-label={`${name} (${count})`}
                aria-pressed={!isOwn && pun.myReaction === key}
                aria-disabled={isOwn || undefined}
                aria-describedby={isOwn ? tooltipId : undefined}
                aria-busy={react.isPending || undefined}
                title={isOwn ? undefined : meaning}
                onClick={() => choose(key)}
              >
                <Icon className="reaction-icon" />
                <span className="reaction-count" aria-hidden="true">
                  {count}
                </span>
              </button>
            );
          })}
        </fieldset>
        {isOwn ? (
          <span
            id={tooltipId}
            role="tooltip"
            className={hinted ? 'reaction-tooltip reaction-tooltip-shown' : 'reaction-tooltip'}
          >
            {messages.reactions.ownPunTooltip}
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="reaction-error">
          <Notice kind="error">{error}</Notice>
        </div>
      ) : null}
    </div>
  );
}

// The counts alone, for places where nobody can react (the log-in screen's top puns).
export function ReactionTally({ reactions }: { reactions: ReactionCounts }) {
  return (
    <ul className="reaction-tally" aria-label="Reactions">
      {REACTION_KEYS.map((key) => {
        const { name, meaning, Icon } = REACTIONS[key];
        return (
          <li key={key} className={`reaction-chip reaction-${key}`} title={meaning}>
            <Icon className="reaction-icon" />
            <span className="visually-hidden">{name}: </span>
            <span className="reaction-count">{reactions[key]}</span>
          </li>
        );
      })}
    </ul>
  );
}
