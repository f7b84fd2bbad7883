// Sharing a pun (issue 8): the share button copies the link where the browser has no share
// sheet; the link opens a public page for signed-out visitors, with link-preview tags and a card.
import { mkdirSync, writeFileSync } from 'node:fs';
import { messages } from '#shared/messages';
import { shareMessages } from '#shared/share';
import { expect, expectAccessible, signUpThroughApi, test, viewports } from './fixtures';

const SHOTS = process.env.H2_SHOTS_DIR ?? 'test-results/screens';

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('share a pun: copy its link, open it signed out, see its preview tags and card', async ({
  browser,
  page,
  context,
  user,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const baseURL = process.env.BASE_URL as string;
  // A browser without the Web Share API: the button copies the link instead.
  await page.addInitScript(() => {
    for (const name of ['share', 'canShare'] as const) {
      delete (Navigator.prototype as unknown as Record<string, unknown>)[name];
    }
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  const punText = `Lettuce celebrate, the Codfather is here ${Date.now().toString(36)}`;
  await page.goto('/dashboard?tab=create');
  await page.getByLabel('Your pun', { exact: true }).fill(punText);
  await page.getByRole('button', { name: 'Submit Pun' }).click();
  await expect(page.getByRole('heading', { name: messages.submit.done })).toBeVisible();
  const mine = await (await page.request.get('/api/puns/mine/today')).json();
  const punId: string = mine.pun.id;
  const challenge = (await (await page.request.get('/api/challenge/today')).json()).challenge;

  // Two other players react, so the shared page has reactions to show.
  for (const reaction of ['crown', 'laughing']) {
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signUpThroughApi(otherPage);
    const res = await otherPage.request.put(`/api/puns/${punId}/reaction`, {
      data: { reaction },
    });
    expect(res.status(), await res.text()).toBe(200);
    await other.close();
  }

  // Share from the card in the Global feed, with the keyboard.
  await page.goto('/dashboard?tab=global');
  const card = page.getByRole('listitem').filter({ hasText: punText });
  const share = card.getByRole('button', { name: 'Share' });
  await share.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toHaveText(shareMessages.copied);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${baseURL}/p/${punId}`);
  await page.screenshot({ path: `${SHOTS}/h2-feed-link-copied.png` });
  await page.setViewportSize(viewports.phone);
  await share.click();
  await expect(card.getByRole('status')).toHaveText(shareMessages.copied);
  await page.screenshot({ path: `${SHOTS}/h2-feed-link-copied-phone.png` });
  await expectAccessible(page, 'feed with the share confirmation');

  // The author's own view: a link back to the dashboard, no sign-up.
  await page.goto(`/p/${punId}`);
  await expect(page.getByRole('heading', { level: 1, name: punText })).toBeVisible();
  await expect(page.getByRole('link', { name: shareMessages.dashboardLink })).toBeVisible();
  await expect(page.getByRole('link', { name: shareMessages.joinCall })).toHaveCount(0);

  // A signed-out visitor, in a fresh browser.
  const visitor = await browser.newContext({ baseURL, viewport: viewports.phone });
  const guest = await visitor.newPage();
  const response = await guest.goto(link);
  expect(response?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: punText })).toBeVisible();
  await expect(guest.getByText(user.displayName, { exact: true })).toBeVisible();
  await expect(guest.getByText(`${challenge.category} + ${challenge.output}`)).toBeVisible();
  const reactions = guest.getByRole('list', { name: 'Reactions' });
  await expect(reactions.getByRole('listitem').filter({ hasText: 'Crown' })).toHaveText('Crown: 1');
  await expect(reactions.getByRole('listitem').filter({ hasText: 'Laughing' })).toHaveText(
    'Laughing: 1',
  );
  await expect(guest).toHaveTitle(/^Lettuce celebrate, the Codfather is here… \| Punday$/);
  const join = guest.getByRole('link', { name: shareMessages.joinCall });
  await expect(join).toBeVisible();
  await expect(guest).toHaveURL(`${baseURL}/p/${punId}`);
  await expectAccessible(guest, 'share page, signed out');
  for (const [size, viewport] of Object.entries(viewports)) {
    await guest.setViewportSize(viewport);
    await guest.screenshot({ path: `${SHOTS}/h2-share-page-${size}.png`, fullPage: true });
  }

  // What a crawler reads: the tags are in the served HTML, before any script runs.
  const html = await (await visitor.request.get(`/p/${punId}`)).text();
  expect(html).toContain(`<meta property="og:image" content="${baseURL}/p/${punId}/card.png" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/p/${punId}" />`);

  // The card image.
  const cardResponse = await visitor.request.get(`/p/${punId}/card.png`);
  expect(cardResponse.status()).toBe(200);
  expect(cardResponse.headers()['content-type']).toBe('image/png');
  const png = await cardResponse.body();
  expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  writeFileSync('/tmp/h2-card.png', png);

  // A harder card: a long unbroken word and emoji.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signUpThroughApi(otherPage, `Émoji Fan ${Date.now().toString(36)}`);
  const hard = await otherPage.request.post('/api/puns', {
    data: {
      text: `Pho-nomenal 🍜🔥 ${'Supercalifragilisticexpialidocious'.repeat(3)} noodles, oh my 👑 ❤️ 👨‍👩‍👧`,
    },
  });
  expect(hard.status(), await hard.text()).toBe(201);
  const hardId: string = (await hard.json()).pun.id;
  const hardPng = await (await visitor.request.get(`/p/${hardId}/card.png`)).body();
  expect(pngSize(hardPng)).toEqual({ width: 1200, height: 630 });
  writeFileSync('/tmp/h2-card-long.png', hardPng);
  await guest.goto(`/p/${hardId}`);
  await expect(guest.getByRole('heading', { level: 1, name: /^Pho-nomenal/ })).toBeVisible();
  await guest.setViewportSize(viewports.phone);
  await guest.screenshot({ path: `${SHOTS}/h2-share-page-long-phone.png`, fullPage: true });
  await expectAccessible(guest, 'share page with a long word');
  await other.close();

  // A link to a pun that does not exist.
  const missing = await guest.goto('/p/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(
    guest.getByRole('heading', { level: 1, name: shareMessages.notFoundTitle }),
  ).toBeVisible();
  await expect(guest.getByText(shareMessages.notFound)).toBeVisible();
  await expect(guest).toHaveTitle('Pun not found | Punday');
  await expect(guest.getByRole('link', { name: shareMessages.joinCall })).toBeVisible();
  await expectAccessible(guest, 'share page, not found');
  await guest.screenshot({ path: `${SHOTS}/h2-share-missing-phone.png`, fullPage: true });

  // Join Punday leads to sign-up.
  await guest.goto(link);
  await guest.getByRole('link', { name: shareMessages.joinCall }).click();
  await expect(guest).toHaveURL(`${baseURL}/signup`);
  await visitor.close();
});
