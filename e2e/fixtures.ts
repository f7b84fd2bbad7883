// Shared Playwright fixtures. Only the sign-up and log-in specs use the forms; every other spec
// starts signed in through the API (which sets the session cookie on the browser context).
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  displayName: string;
}

export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export async function signUpThroughApi(page: Page, displayName?: string): Promise<TestUser> {
  const email = uniqueEmail();
  const password = 'pun-password';
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password, ...(displayName ? { displayName } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = await response.json();
  return { id: user.id, email, password, displayName: user.displayName };
}

export const test = base.extend<{ user: TestUser }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.BASE_URL;
    if (!url) throw new Error('BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  user: async ({ page }, use) => {
    await use(await signUpThroughApi(page, `Tester${randomBytes(3).toString('hex')}`));
  },
});

export { expect };

/** Fails on any serious or critical axe violation on the current page. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Saves a full-page screenshot under test-results/screens/ for a person to look at. */
export async function saveScreens(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: path.join('test-results', 'screens', `${name}-${size}.png`),
      fullPage: true,
    });
  }
}

/** Waits for a mail to `to` in the server's outbox (DATA_DIR/outbox) and returns its text. */
export async function waitForMail(to: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files) {
      const text = await readFile(path.join(folder, file), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${folder}`);
}

export function resetLinkIn(mail: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(decoded);
  if (!match) throw new Error(`no reset link in:\n${mail}`);
  return match[0];
}
