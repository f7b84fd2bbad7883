// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyStoredTheme,
  readThemePreference,
  saveThemePreference,
  subscribeThemePreference,
  THEME_COLORS,
  THEME_STORAGE_KEY,
} from './theme';

function head() {
  document.head.innerHTML = `
    <meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}" />
    <meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}" />
    <meta name="color-scheme" content="light dark" />`;
}

const meta = (scheme: 'light' | 'dark') =>
  document.querySelector<HTMLMetaElement>(`meta[name="theme-color"][media*="${scheme}"]`)?.content;

describe('theme preference', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    head();
  });
  afterEach(() => {
    saveThemePreference('system');
  });

  it('follows the system when nothing (or nonsense) is stored', () => {
    expect(readThemePreference()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('system');
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(meta('light')).toBe(THEME_COLORS.light);
    expect(meta('dark')).toBe(THEME_COLORS.dark);
  });

  it('applies a stored choice at start, before anything renders', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content).toBe(
      'dark',
    );
    // Whatever the system says, the browser's bar takes the forced theme's colour.
    expect(meta('light')).toBe(THEME_COLORS.dark);
    expect(meta('dark')).toBe(THEME_COLORS.dark);
  });

  it('saves, applies and announces a change; System forgets the stored choice', () => {
    const heard: string[] = [];
    const off = subscribeThemePreference(() => heard.push(readThemePreference()));
    saveThemePreference('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(meta('dark')).toBe(THEME_COLORS.light);
    saveThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(meta('dark')).toBe(THEME_COLORS.dark);
    expect(document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content).toBe(
      'light dark',
    );
    off();
    saveThemePreference('dark');
    expect(heard).toEqual(['light', 'system']);
  });
});
