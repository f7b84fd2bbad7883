// Dark mode (issue 8): System, Light or Dark, for this device. Native radio buttons in a
// fieldset: arrow keys move between them, and the legend names the group "Theme".
import { useSyncExternalStore } from 'react';
import {
  readThemePreference,
  saveThemePreference,
  subscribeThemePreference,
  type ThemePreference,
} from '../theme';

const OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemeSetting() {
  const preference = useSyncExternalStore(subscribeThemePreference, readThemePreference);
  return (
    <section className="card" aria-labelledby="appearance-title">
      <h2 id="appearance-title" className="card-title">
        Appearance
      </h2>
      <fieldset className="theme-setting" aria-describedby="theme-hint">
        <legend className="setting-name">Theme</legend>
        <div className="segmented">
          {OPTIONS.map((option) => (
            <label key={option.value} className="segment">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={preference === option.value}
                onChange={() => saveThemePreference(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <p id="theme-hint" className="muted setting-hint">
          System follows your device's light or dark setting. Saved on this device only.
        </p>
      </fieldset>
    </section>
  );
}
