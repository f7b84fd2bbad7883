// Secrets that travel in URLs (reset links) never reach the logs.
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
