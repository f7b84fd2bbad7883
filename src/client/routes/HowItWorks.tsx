import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CrownIcon, FireIcon, LaughingIcon, ThinkerIcon } from '../components/icons';
import { usePageTitle } from '../hooks/usePageTitle';
import '../moderation.css';
import '../social.css';

// The same icons as on the reaction buttons.
const REACTIONS = [
  {
    Icon: CrownIcon,
    name: 'Crown',
    meaning: 'The daily Best Pun award. You can give only one a day.',
  },
  { Icon: FireIcon, name: 'Fire', meaning: 'Exceptionally clever.' },
  { Icon: ThinkerIcon, name: 'Thinker', meaning: 'Makes you pause.' },
  { Icon: LaughingIcon, name: 'Laughing', meaning: 'Makes you chuckle.' },
] as const;

// spec §1: the help page.
export function HowItWorksScreen() {
  usePageTitle('How It Works');
  // Links such as /how-it-works#community-guidelines (from the report dialog) land on the section.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <>
      <h1 className="page-title">How It Works</h1>

      <section className="card prose" aria-labelledby="hiw-daily">
        <h2 id="hiw-daily" className="card-title">
          One pun a day
        </h2>
        <p>
          Every day brings a new challenge: a category and something to create with it, such as a
          restaurant name. You can submit one pun per day, so make it count. Once you have
          submitted, wait for the timer in the header to reset for the next challenge.
        </p>
      </section>

      <section className="card prose" aria-labelledby="hiw-reactions">
        <h2 id="hiw-reactions" className="card-title">
          Reactions
        </h2>
        <p>React to other players' puns with one of four reactions:</p>
        <ul className="reaction-list">
          {REACTIONS.map((reaction) => (
            <li key={reaction.name}>
              <span
                className={`reaction-emoji reaction-${reaction.name.toLowerCase()}`}
                aria-hidden="true"
              >
                <reaction.Icon className="reaction-icon" />
              </span>
              <span>
                <strong>{reaction.name}</strong>: {reaction.meaning}
              </span>
            </li>
          ))}
        </ul>
        <p>
          Crowns are special: you can award at most one crown per day across all puns, so save it
          for the best one you see.
        </p>
      </section>

      <section className="card prose" aria-labelledby="hiw-friends">
        <h2 id="hiw-friends" className="card-title">
          Friends
        </h2>
        <p>
          Find friends by their username in the Manage tab or on the{' '}
          <Link to="/friends">Friends</Link> page, then press <strong>Add Friend</strong>. Their
          puns appear in your Friend Feed.
        </p>
      </section>

      <section className="card prose" aria-labelledby="hiw-guidelines">
        <h2 id="hiw-guidelines" className="card-title">
          Guidelines
        </h2>
        <ul>
          <li>
            <strong>Family-friendly:</strong> keep it clean enough for everyone.
          </li>
          <li>
            <strong>Original:</strong> share your own wordplay.
          </li>
          <li>
            <strong>Respectful:</strong> laugh with people, not at them.
          </li>
        </ul>
      </section>

      <section
        id="community-guidelines"
        className="card prose guidelines"
        aria-labelledby="hiw-community"
      >
        <h2 id="hiw-community" className="card-title">
          Community guidelines
        </h2>
        <p>
          Report a pun that is hateful or hurtful, harasses someone, is not family-friendly, is spam
          or advertising, or copies someone else's work. A pun that only makes you groan is doing
          its job: please don't report that one.
        </p>
        <h3 id="reporting">How to report a pun</h3>
        <ol className="guidelines-steps">
          <li>
            Use the <strong>⋯</strong> (More actions) button on the pun and choose{' '}
            <strong>Report pun</strong>.
          </li>
          <li>Pick a reason (offensive, spam or something else) and add a note if it helps.</li>
          <li>
            Send it. You can report each pun once. When several players report the same pun, it is
            hidden from everyone but its author until it has been reviewed.
          </li>
        </ol>
        <h3 id="blocking">Blocking a player</h3>
        <p>
          From the same menu, <strong>Block</strong> a player to stop seeing their puns in your
          feeds and search. Neither of you can then react to the other's puns or add the other as a
          friend. Unblock them any time under Blocked players on the{' '}
          <Link to="/friends">Friends</Link> page.
        </p>
      </section>

      <section className="card prose" aria-labelledby="hiw-install">
        <h2 id="hiw-install" className="card-title">
          Add Punday to your home screen
        </h2>
        <h3>iPhone or iPad (Safari)</h3>
        <ol>
          <li>Open Punday in Safari.</li>
          <li>Tap the Share button.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Tap Add.</li>
        </ol>
        <h3>Android (Chrome)</h3>
        <ol>
          <li>Open Punday in Chrome.</li>
          <li>Tap the menu button (three dots).</li>
          <li>Choose Add to Home screen or Install app.</li>
          <li>Tap Add or Install.</li>
        </ol>
      </section>
    </>
  );
}
