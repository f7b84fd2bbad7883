import { messages } from '#shared/messages';
import { expect, saveScreens, test } from './fixtures';

test('the app is installable: manifest fields, icons, and a service worker that handles fetch', async ({
  page,
}) => {
  await page.goto('/');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Punday',
    short_name: 'Punday',
    start_url: '/dashboard',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#/);
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  // Chromium's own installability check (what Lighthouse's "installable" audit uses).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are incognito profiles, which Chromium never offers to install.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('offline, the shell opens with the banner and the last loaded challenge and feed', async ({
  page,
  context,
  user: _,
}) => {
  const text = `Offline-proof pun ${Date.now()}`;
  expect((await page.request.post('/api/puns', { data: { text } })).status()).toBe(201);
  const challenge = (await (await page.request.get('/api/challenge/today')).json()).challenge;
  await page.goto('/dashboard?tab=global');
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('tab', { name: 'Create' }).click();
  await expect(page.getByText(challenge.category, { exact: true }).first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load may not be controlled yet; a reload is. Give the cache a moment to be saved.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(() => (localStorage.getItem('punday-cache') ?? '').includes('Offline-proof')),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/dashboard?tab=global');
  await expect(page.getByText(messages.offlineBanner)).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('tab', { name: 'Create' }).click();
  await expect(page.getByText(challenge.category, { exact: true }).first()).toBeVisible();
  await saveScreens(page, 'offline-create');
  await context.setOffline(false);
});
