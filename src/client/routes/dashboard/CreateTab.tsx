// spec §2 Dashboard, Create tab: today's category and output, the pun form with its counter, and
// the AI example (spec §4). One pun per Los Angeles day: once the server has the user's pun the tab
// shows "You're Done for Today!" until the countdown turns the day.
import { type FormEvent, useState } from 'react';
import type { Challenge } from '#shared/api';
import { PUN_MAX_LENGTH, PUN_WARNING_AFTER } from '#shared/constants';
import { messages } from '#shared/messages';
import { useTodayChallenge } from '../../api/challenge';
import { ApiError } from '../../api/client';
import { useMyPunToday, useSubmitPun } from '../../api/puns';
import { Notice } from '../../components/Notice';
import { InlineSpinner } from '../../components/PageSpinner';
import '../../game.css';

// spec §5: input beyond 280 characters is ignored (typing and pasting alike), by code points.
function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length > PUN_MAX_LENGTH ? chars.slice(0, PUN_MAX_LENGTH).join('') : text;
}

export function CreateTab() {
  const challenge = useTodayChallenge();
  const mine = useMyPunToday();
  const submit = useSubmitPun();
  const [text, setText] = useState('');

  if (challenge.isError) {
    return (
      <section className="card" aria-label="Create a pun">
        <Notice kind="error">{messages.challenge.unavailable}</Notice>
      </section>
    );
  }

  const checking = challenge.isPending || mine.isPending;
  const done = mine.data?.pun ?? null;
  const length = Array.from(text).length;
  const warn = length > PUN_WARNING_AFTER;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || submit.isPending || !challenge.data || text.trim() === '') return;
    submit.mutate({ text }, { onSuccess: () => setText('') });
  };
  const failed =
    submit.isError && !(submit.error instanceof ApiError && submit.error.status === 409);

  return (
    <div className="stack">
      <section className="card challenge-card" aria-labelledby="challenge-title">
        <h2 id="challenge-title" className="card-title">
          Today's challenge
        </h2>
        {challenge.data ? (
          <dl className="challenge-facts">
            <div>
              <dt>Category</dt>
              <dd>{challenge.data.challenge.category}</dd>
            </div>
            <div>
              <dt>Create</dt>
              <dd>{challenge.data.challenge.output}</dd>
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
          <p className="done-pun">{done.text}</p>
          <p className="muted">
            Come back when the timer in the header runs out for a new challenge.
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="pun-form-title">
          <h2 id="pun-form-title" className="card-title">
            Write your pun
          </h2>
          <form className="form" onSubmit={onSubmit} noValidate>
            <label className="visually-hidden" htmlFor="pun-text">
              Your pun
            </label>
            <textarea
              id="pun-text"
              className="input pun-input"
              rows={4}
              maxLength={PUN_MAX_LENGTH * 2}
              value={text}
              placeholder={
                challenge.data
                  ? `A ${challenge.data.challenge.output} about ${challenge.data.challenge.category}...`
                  : ''
              }
              onChange={(e) => setText(clip(e.target.value))}
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
            {failed ? <Notice kind="error">{messages.submit.failed}</Notice> : null}
            <button
              type="submit"
              className="button button-primary"
              disabled={checking || submit.isPending || !challenge.data || text.trim() === ''}
            >
              {submit.isPending ? 'Submitting...' : 'Submit Pun'}
            </button>
          </form>
        </section>
      )}

      {challenge.data ? <AiExample challenge={challenge.data.challenge} /> : null}
    </div>
  );
}

// spec §4 AI example status: pending, success, failed, anything else.
function AiExample({ challenge }: { challenge: Challenge }) {
  let body: React.ReactNode;
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
