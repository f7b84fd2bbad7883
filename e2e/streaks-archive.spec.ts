// Streaks and the archive (issue 8), across three Los Angeles days. One data folder, one port,
// three servers in turn: each runs its clock at noon of its day (PUNDAY_CLOCK_OFFSET_MS), and the
// browser's clock follows (page.clock), as if the same player came back on three days.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { archiveMessages, formatArchiveDay } from '#shared/archive';
import { addDays, laDayOf, laInstant } from '#shared/la-day';
import { messages } from '#shared/messages';
import { expect, expectAccessible, saveScreens, test } from './fixtures';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('three days of play', () => {
  // The days, fixed once: the day before yesterday, yesterday and today (Los Angeles).
  const today = laDayOf(Date.now());
  const days = [addDays(today, -2), addDays(today, -1), today] as const;
  const offsetFor = (day: string) => laInstant(day, 12).getTime() - Date.now();
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let server: ChildProcess | undefined;
  let context: BrowserContext;
  let page: Page;
  const puns = ['Day one: a pun-derful start', 'Day two: still punning', 'Day three: pun and done'];

  async function startServer(day: string): Promise<number> {
    const offset = offsetFor(day);
    let log = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100',
        PUNDAY_CLOCK_OFFSET_MS: String(offset),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => (log += d));
    server.stderr?.on('data', (d) => (log += d));
    for (let i = 0; i < 300; i++) {
      if (server.exitCode !== null) throw new Error(`server for ${day} exited:\n${log}`);
      if ((await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok) return offset;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server for ${day} did not start:\n${log}`);
  }

  async function stopServer() {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  /** The next day begins: a server whose clock reads noon of `day`, and the browser agrees. */
  async function playOn(day: string) {
    await stopServer();
    const offset = await startServer(day);
    await page.clock.setSystemTime(Date.now() + offset);
  }

  async function submitToday(text: string) {
    await page.goto('/dashboard?tab=create');
    await page.getByLabel('Your pun', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Submit Pun' }).click();
    await expect(page.getByRole('heading', { name: messages.submit.done })).toBeVisible();
  }

  const streakPill = (n: number) =>
    page.getByRole('banner').getByRole('img', { name: `${n}-day streak` });

  test.beforeAll(async ({ browser }) => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-streak-'));
    port = await freePort();
    baseUrl = `http://localhost:${port}`;
    context = await browser.newContext({ baseURL: baseUrl });
    page = await context.newPage();
  });

  test.afterAll(async () => {
    await context?.close();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a three-day streak shows in the header and on the player page', async () => {
    test.setTimeout(180_000);
    const [first, second, third] = days;
    const offset = await startServer(first);
    await page.clock.install({ time: Date.now() + offset });
    const signup = await page.request.post('/api/auth/signup', {
      data: {
        email: `streak-${Date.now()}@example.com`,
        password: 'pun-password',
        displayName: 'Streaker',
      },
    });
    expect(signup.status()).toBe(201);

    // Day one: no streak yet, so no pill; then one.
    await page.goto('/dashboard?tab=create');
    await expect(page.getByRole('img', { name: /^Crowns received/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /streak/ })).toHaveCount(0);
    await submitToday(puns[0] ?? '');
    await expect(streakPill(1)).toBeVisible();

    // Day two: yesterday's streak still stands, waiting for today's pun.
    await playOn(second);
    await page.goto('/dashboard');
    await expect(streakPill(1)).toBeVisible();
    await expect(streakPill(1)).toHaveAttribute('title', /Submit today's pun/);
    await submitToday(puns[1] ?? '');
    await expect(streakPill(2)).toBeVisible();

    // Day three: the pill moves to three as soon as the pun is in, without a reload.
    await playOn(third);
    await page.goto('/dashboard?tab=create');
    await expect(streakPill(2)).toBeVisible();
    await page.getByLabel('Your pun', { exact: true }).fill(puns[2] ?? '');
    await page.getByRole('button', { name: 'Submit Pun' }).click();
    await expect(streakPill(3)).toBeVisible();
    await expect(streakPill(3)).toHaveAttribute('title', /kept your streak today/);
    await saveScreens(page, 'streak-header');
    for (const width of [320, 360, 390, 414]) {
      await page.setViewportSize({ width, height: 700 });
      // Everything in the header stays on one row inside the screen.
      const tools = await page.locator('.app-header-inner').boundingBox();
      expect(tools?.height).toBeLessThanOrEqual(64);
      const menu = await page.getByRole('button', { name: 'Settings menu' }).boundingBox();
      expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: path.join('test-results', 'screens', `streak-header-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/my-puns');
    await expect(
      page.getByText('Current streak').locator('xpath=following-sibling::dd'),
    ).toHaveText('3 days');
    await expect(
      page.getByText('Longest streak').locator('xpath=following-sibling::dd'),
    ).toHaveText('3 days');
    await expectAccessible(page, 'my puns with streak');
    await saveScreens(page, 'streak-my-puns');
  });

  test('the archive lists yesterday, and its page ranks its puns with reactions', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const [dayBefore, yesterday, todayDay] = days;
    // Another player, today, who crowns yesterday's pun from the archive.
    const fan = await browser.newContext({ baseURL: baseUrl });
    const fanPage = await fan.newPage();
    await fanPage.clock.install({ time: Date.now() + offsetFor(todayDay) });
    const signup = await fanPage.request.post('/api/auth/signup', {
      data: {
        email: `fan-${Date.now()}@example.com`,
        password: 'pun-password',
        displayName: 'Fan',
      },
    });
    expect(signup.status()).toBe(201);

    await fanPage.goto('/dashboard');
    await fanPage.getByRole('button', { name: 'Settings menu' }).click();
    await fanPage.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(fanPage).toHaveURL(/\/archive$/);
    await expect(fanPage).toHaveTitle('Archive | Punday');
    const list = fanPage.getByRole('list', { name: 'Past challenges' });
    const cards = list.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByRole('heading')).toHaveText(formatArchiveDay(yesterday));
    await expect(cards.nth(1).getByRole('heading')).toHaveText(formatArchiveDay(dayBefore));
    await expect(cards.nth(0)).toContainText('1 pun');
    await expect(cards.nth(0)).toContainText(puns[1] ?? '');
    await expect(cards.nth(0)).toContainText('Streaker');
    await expect(list).not.toContainText(puns[2] ?? '');
    await expectAccessible(fanPage, 'archive');
    await saveScreens(fanPage, 'archive-list');

    await fanPage.setViewportSize({ width: 1280, height: 800 });
    await fanPage.getByRole('link', { name: formatArchiveDay(yesterday) }).click();
    await expect(fanPage).toHaveURL(new RegExp(`/archive/${yesterday}$`));
    await expect(fanPage).toHaveTitle(`${formatArchiveDay(yesterday)} | Punday`);
    await expect(fanPage.getByRole('heading', { level: 1 })).toHaveText(
      formatArchiveDay(yesterday),
    );
    const card = fanPage.getByRole('article').filter({ hasText: puns[1] ?? '' });
    await expect(card).toBeVisible();
    await expect(fanPage.getByLabel('Your pun')).toHaveCount(0);

    // Crowning yesterday's pun today works, and uses today's crown.
    const crown = card.getByRole('button', { name: /^Crown/ });
    await crown.click();
    await expect(crown).toHaveAttribute('aria-pressed', 'true');
    await expect(crown).toContainText('1');
    await expectAccessible(fanPage, 'archive day');
    await saveScreens(fanPage, 'archive-day');

    await fanPage.getByRole('link', { name: archiveMessages.backToArchive }).click();
    await expect(fanPage).toHaveURL(/\/archive$/);
    await expect(cards.nth(0).getByText('1 crown', { exact: true })).toBeAttached();

    // Today is not archive yet.
    await fanPage.goto(`/archive/${todayDay}`);
    await expect(fanPage.getByRole('alert')).toHaveText(archiveMessages.today);
    await saveScreens(fanPage, 'archive-today');
    await fan.close();
  });
});
