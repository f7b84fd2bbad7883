// Registers the service worker in production builds (offline shell and push). A module worker:
// it shares the spec constants module with the app.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { type: 'module', scope: '/' })
      .catch((err: unknown) => {
        console.warn('Service worker registration failed', err);
      });
  });
}
