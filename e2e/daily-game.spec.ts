import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PUN_MAX_LENGTH, PUN_WARNING_AFTER } from '#shared/constants';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';
import { messages } from '#shared/messages';
import { expect, expectAccessible, saveScreens, test } from './fixtures';

test('see the challenge and the AI example, type, submit, and be done for today', async ({
  page,
  user: _,
}) => {
  await page.goto('/dashboard?tab=create');
  const challenge = (await (await page.request.get('/api/challenge/today')).json()).challenge;
  await expect(page.getByText(challenge.category, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(challenge.output, { exact: true }).first()).toBeVisible();
  // The offline generator answers within moments; the example shows once it has.
  await expect(page.getByText(challenge.aiPun ?? messages.ai.pending).first()).toBeVisible();

  const box = page.getByLabel('Your pun', { exact: true });
  const submit = page.getByRole('button', { name: 'Submit Pun' });
  await expect(submit).toBeDisabled();
  await box.fill('x'.repeat(PUN_WARNING_AFTER + 6));
  await expect(page.getByText(`${PUN_WARNING_AFTER + 6}/${PUN_MAX_LENGTH}`)).toBeVisible();
  await expect(
    page.getByText(`${PUN_MAX_LENGTH - PUN_WARNING_AFTER - 6} characters remaining`),
  ).toBeVisible();
  await box.fill('y'.repeat(PUN_MAX_LENGTH + 40));
  await expect(box).toHaveValue('y'.repeat(PUN_MAX_LENGTH));
  await saveScreens(page, 'create-typing');

  await box.fill('Lettuce celebrate, the Codfather is here');
  await submit.click();
  await expect(page.getByRole('heading', { name: messages.submit.done })).toBeVisible();
  await expect(page.getByText('Lettuce celebrate, the Codfather is here')).toBeVisible();
  await expectAccessible(page, 'create done');
  await saveScreens(page, 'create-done');

  // A reload keeps the done state: it comes from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: messages.submit.done })).toBeVisible();
});

test("the countdown pill ticks and its tooltip shows today's challenge", async ({
  page,
  user: _,
}) => {
  await page.goto('/dashboard');
  const pill = page.getByRole('button', { name: /^Time left today: \d\d:\d\d:\d\d$/ });
  await expect(pill).toBeVisible();
  const first = await pill.getAttribute('aria-label');
  await expect
    .poll(async () => pill.getAttribute('aria-label'), { timeout: 3_000 })
    .not.toBe(first);
  await pill.hover();
  await expect(page.getByRole('tooltip')).toContainText("Today's Challenge");
  await expect(page.getByRole('tooltip')).toContainText('Category:');
  await expect(page.getByRole('tooltip')).toContainText('Create:');
  await saveScreens(page, 'countdown-tooltip');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test.describe('crossing Los Angeles midnight', () => {
  let server: ChildProcess | undefined;
  let dataDir: string;
  let baseUrl: string;
  let offset: number;
  let midnight: number;
  // The server's clock starts this far before an LA midnight, so a slow start on a loaded machine
  // still leaves time; the test then waits until SECONDS_BEFORE_MIDNIGHT remain before playing.
  const SECONDS_AT_START = 35;
  const SECONDS_BEFORE_MIDNIGHT = 16;

  test.beforeAll(async () => {
    // A server of its own whose clock (and the browser's) runs shortly before an LA midnight.
    const tomorrow = addDays(laDayOf(Date.now()), 1);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-midnight-'));
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const startedAt = Date.now();
    midnight = laDayStart(tomorrow).getTime();
    offset = midnight - SECONDS_AT_START * 1000 - startedAt;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100',
        PUNDAY_CLOCK_OFFSET_MS: String(offset),
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 150; i++) {
      if ((await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('midnight server did not start');
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the Create tab unlocks for the new day without a reload', async ({ browser }) => {
    test.setTimeout(90_000);
    const wait = midnight - SECONDS_BEFORE_MIDNIGHT * 1000 - (Date.now() + offset);
    expect(wait, 'the server took too long to start before midnight').toBeGreaterThan(-4_000);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + offset });
    const signup = await page.request.post('/api/auth/signup', {
      data: { email: `midnight-${Date.now()}@example.com`, password: 'pun-password' },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/dashboard?tab=create');
    await page.getByLabel('Your pun', { exact: true }).fill('Last pun before midnight');
    await page.getByRole('button', { name: 'Submit Pun' }).click();
    await expect(page.getByRole('heading', { name: messages.submit.done })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Time left today: 00:00:\d\d$/ })).toBeVisible({
      timeout: 15_000,
    });

    // Midnight passes (real seconds; both clocks move together): the form is back.
    await expect(page.getByLabel('Your pun', { exact: true })).toBeEditable({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: messages.submit.done })).toBeHidden();
    const mine = await (await page.request.get('/api/puns/mine/today')).json();
    expect(mine.pun).toBeNull();
    await context.close();
  });
});
