import { APP_NAME } from '#shared/constants';

// The app's name and mark above the signed-out screens.
export function Brand() {
  return (
    <div className="brand">
      <img className="brand-mark" src="/favicon.svg" alt="" width="48" height="48" />
      <p className="brand-name">{APP_NAME}</p>
      <p className="brand-tagline">One pun a day. Make it count.</p>
    </div>
  );
}
