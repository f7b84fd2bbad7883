// spec §2 Dashboard, Create tab: today's category and output, the pun form with its counter, and
// the AI example (spec §4). One pun per Los Angeles day: once the server has the user's pun the tab
// shows "You're Done for Today!" until the countdown (or the server's `challenge` event) turns
// the day.
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Challenge } from '#shared/api';
import { PUN_MAX_LENGTH, PUN_WARNING_AFTER } from '#shared/constants';
import { messages } from '#shared/messages';
import { shownChallenge, useTodayChallenge } from '../../api/challenge';
import { ApiError } from '../../api/client';
import { useMyPunToday, useSubmitPun } from '../../api/puns';
import { Notice } from '../../components/Notice';
import { InlineSpinner } from '../../components/PageSpinner';
import { limitFieldEdit, punLength } from '../../text-limit';
import '../../game.css';

// The message for a failed submission: the server's own words for a pun it refused (say, one
// that is empty once markup is stripped), otherwise the spec's text (spec §8 Submit).
function submitFailure(error: unknown): string | null {
  if (!(error instanceof ApiError)) return messages.submit.failed;
  if (error.status === 409) return null; // spec §4: already submitted, so the tab is done
  if (error.status === 400 && error.fromServer) return error.message;
  return messages.submit.failed;
}

export function CreateTab() {
  const challenge = useTodayChallenge();
  const mine = useMyPunToday();
  const submit = useSubmitPun();
  const [text, setText] = useState('');

  const shown = shownChallenge(challenge);
  if (challenge.isError && !shown) {
    return (
      <section className="card" aria-label="Create a pun">
        <Notice kind="error">{messages.challenge.unavailable}</Notice>
      </section>
    );
  }

  const today = shown?.day;
  // Around midnight the two answers can briefly be for different days; an older "my pun" is
  // yesterday's and does not lock today's form.
  const mineIsOld = Boolean(today && mine.data && mine.data.day < today);
  const checking =
    challenge.isPending ||
    mine.isPending ||
    (Boolean(today && mine.data && mine.data.day !== today) &&
      (mine.isFetching || challenge.isFetching));
  const done = mineIsOld ? null : (mine.data?.pun ?? null);
  const length = punLength(text);
  const warn = length > PUN_WARNING_AFTER;
  const canSubmit = !checking && !submit.isPending && Boolean(shown) && text.trim() !== '';
  const failure = submit.isError ? submitFailure(submit.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    submit.mutate({ text }, { onSuccess: () => setText('') });
  };

  return (
    <div className="stack">
      <section className="card challenge-card" aria-labelledby="challenge-title">
        <h2 id="challenge-title" className="card-title">
          Today's challenge
        </h2>
        {shown ? (
          <dl className="challenge-facts">
            <div>
              <dt>Category</dt>
              <dd>{shown.category}</dd>
            </div>
            <div>
              <dt>Create</dt>
              <dd>{shown.output}</dd>
            </div>
          </dl>
        ) : (
          <InlineSpinner label="Loading today's challenge" />
        )}
      </section>

      {done ? (
        <section className="card done-card" aria-labelledby="done-title">
          <h2 id="done-title" className="card-title">
            {messages.submit.done}
          </h2>
          <p className="done-label muted">Your pun today</p>
          <p className="done-pun">{done.text}</p>
          <p className="muted">The timer in the header shows when the next challenge starts.</p>
        </section>
      ) : (
        <section className="card" aria-labelledby="pun-form-title">
          <h2 id="pun-form-title" className="card-title">
            Write your pun
          </h2>
          <form className="form" onSubmit={onSubmit} noValidate aria-busy={checking}>
            <label className="visually-hidden" htmlFor="pun-text">
              Your pun
            </label>
            <textarea
              id="pun-text"
              className="input pun-input"
              rows={4}
              // maxLength counts UTF-16 units, so an emoji counts twice there; the exact limit
              // (in characters, as the server counts) is applied on change, pastes included.
              maxLength={PUN_MAX_LENGTH * 2}
              value={text}
              placeholder={shown ? `A ${shown.output} about ${shown.category}...` : ''}
              onChange={(e) => setText(limitFieldEdit(e.currentTarget, text, PUN_MAX_LENGTH))}
              disabled={checking || submit.isPending}
              aria-describedby="pun-counter"
            />
            <p
              id="pun-counter"
              className={warn ? 'pun-counter pun-counter-warn' : 'pun-counter'}
              aria-live="polite"
            >
              <span>
                {length}/{PUN_MAX_LENGTH}
              </span>
              {warn ? <span>{PUN_MAX_LENGTH - length} characters remaining</span> : null}
            </p>
            {failure ? <Notice kind="error">{failure}</Notice> : null}
            <button type="submit" className="button button-primary" disabled={!canSubmit}>
              {submit.isPending ? 'Submitting...' : 'Submit Pun'}
            </button>
          </form>
        </section>
      )}

      {shown ? <AiExample challenge={shown} /> : null}
    </div>
  );
}

// spec §4 AI example status: pending, success, failed, anything else (or no pun) is "none".
function AiExample({ challenge }: { challenge: Challenge }) {
  let body: ReactNode;
  if (challenge.aiStatus === 'pending') {
    body = (
      <p className="ai-pending">
        <InlineSpinner label="Generating" /> {messages.ai.pending}
      </p>
    );
  } else if (challenge.aiStatus === 'success' && challenge.aiPun) {
    body = (
      <>
        <p className="ai-pun">{challenge.aiPun}</p>
        <p className="muted">Think you can top that?</p>
      </>
    );
  } else if (challenge.aiStatus === 'failed') {
    body = <p className="muted">{messages.ai.failed}</p>;
  } else {
    body = <p className="muted">{messages.ai.none}</p>;
  }
  return (
    <section className="card ai-card" aria-labelledby="ai-title" aria-live="polite">
      <h2 id="ai-title" className="card-title">
        AI example
      </h2>
      {body}
    </section>
  );
}
