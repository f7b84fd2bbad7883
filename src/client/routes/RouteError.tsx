import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '#shared/messages';
import { usePageTitle } from '../hooks/usePageTitle';

// Shown when a screen fails to render or its code cannot be loaded (for example a chunk removed
// by a new deployment, or the 120 s chunk timeout of spec §9): reloading fetches the current app.
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Error');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="auth-page">
      <section className="card" aria-labelledby="route-error-title">
        <h1 id="route-error-title" className="card-title">
          Something went wrong
        </h1>
        <p role="alert">{messages.generic.internal}</p>
        {detail ? <p className="muted">{detail}</p> : null}
        <button type="button" className="button button-primary" onClick={() => location.reload()}>
          Reload
        </button>
      </section>
    </main>
  );
}
