// A notice for the next screen, across a navigation that the guards may redirect (after an
// account is deleted, the signed-in screen sends the visitor to the log-in screen on its own, so
// router state would be lost). Kept in sessionStorage, so a reload right after still shows it.
const KEY = 'punday-flash';

export function setFlashNotice(text: string): void {
  try {
    window.sessionStorage.setItem(KEY, text);
  } catch {
    // Storage blocked: the notice is a courtesy.
  }
}

/** The waiting notice, if any; it is shown once. */
export function takeFlashNotice(): string | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
