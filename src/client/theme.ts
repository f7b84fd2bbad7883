// Dark mode (issue 8): the player's choice of theme, kept per device in localStorage, and put on
// the page by the entry module before the first render (the CSP allows no inline script). With
// "system", no data-theme is set and styles.css follows prefers-color-scheme on its own; a forced
// theme sets data-theme, which the stylesheet's palettes key on.

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = 'punday-theme';

/** The browser's top bar in each theme (the header's colour); the manifest keeps the light one. */
export const THEME_COLORS = { light: '#5b21b6', dark: '#2e1065' } as const;

function isPreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

// Where storage is blocked, the choice lasts until the page is reloaded.
let unsaved: ThemePreference = 'system';

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return unsaved;
  }
}

/** Sets the page's theme: the data-theme attribute, color-scheme and the theme-color tags. */
export function applyTheme(preference: ThemePreference, doc: Document = document): void {
  const root = doc.documentElement;
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;

  const scheme = doc.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
  if (scheme) scheme.content = preference === 'system' ? 'light dark' : preference;
  // index.html has one theme-color tag per scheme (media="(prefers-color-scheme: ...)"); a forced
  // theme gives both the forced colour, so the browser's bar matches whatever the system says.
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][media]')) {
    const own = meta.getAttribute('media')?.includes('dark')
      ? THEME_COLORS.dark
      : THEME_COLORS.light;
    meta.content = preference === 'system' ? own : THEME_COLORS[preference];
  }
}

const listeners = new Set<() => void>();

/** For useSyncExternalStore: called whenever the choice changes, in this tab or another. */
export function subscribeThemePreference(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  applyTheme(readThemePreference());
  for (const listener of listeners) listener();
}

/** Remembers the choice on this device and applies it at once. */
export function saveThemePreference(preference: ThemePreference): void {
  unsaved = preference;
  try {
    if (preference === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage blocked: readThemePreference answers from `unsaved`.
  }
  changed();
}

/** Called once by the entry module, before React renders anything. */
export function applyStoredTheme(): void {
  applyTheme(readThemePreference());
  // Another tab changed the choice: follow it here too.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) changed();
  });
}
