import { messages } from '#shared/messages';
import { expect, expectAccessible, saveScreens, signUpThroughApi, test } from './fixtures';

test('two players: live feed, reactions and crowns, friends, player page, landing top three', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = process.env.BASE_URL;
  const contextA = await browser.newContext({ baseURL });
  const contextB = await browser.newContext({ baseURL });
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const suffix = Date.now().toString(36);
  const alice = await signUpThroughApi(a, `Alice${suffix}`);
  await signUpThroughApi(b, `Bob${suffix}`);
  const carol = await signUpThroughApi(
    await (await browser.newContext({ baseURL })).newPage(),
    `Carol${suffix}`,
  );

  // B watches Global; A posts; B sees it without reloading.
  await b.goto('/dashboard?tab=global');
  await expect(b.getByRole('tab', { name: 'Global' })).toHaveAttribute('aria-selected', 'true');
  await a.goto('/dashboard?tab=create');
  const alicePun = `Alice's Restaurant of Puns ${suffix}`;
  await a.getByLabel('Your pun', { exact: true }).fill(alicePun);
  await a.getByRole('button', { name: 'Submit Pun' }).click();
  await expect(a.getByRole('heading', { name: messages.submit.done })).toBeVisible();
  const pill = b.getByRole('button', { name: /new puns?$/ });
  const aliceCardB = b.getByRole('listitem').filter({ hasText: alicePun });
  await expect(pill.or(aliceCardB)).toBeVisible({ timeout: 10_000 });
  if (await pill.isVisible()) await pill.click();
  await expect(aliceCardB).toBeVisible();
  await expectAccessible(b, 'global feed with puns');
  await saveScreens(b, 'global-feed');

  // A's own card cannot be reacted to.
  await a.goto('/dashboard?tab=global');
  const aliceCardA = a.getByRole('listitem').filter({ hasText: alicePun });
  await expect(aliceCardA.getByRole('button', { name: /^Fire/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // B reacts with fire, then crown: A's crown pill goes up live.
  await expect(a.getByRole('img', { name: 'Crowns received: 0' })).toBeVisible();
  await aliceCardB.getByRole('button', { name: /^Fire/ }).click();
  await expect(aliceCardB.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await aliceCardB.getByRole('button', { name: /^Crown/ }).click();
  await expect(aliceCardB.getByRole('button', { name: 'Crown (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(aliceCardB.getByRole('button', { name: 'Fire (0)' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(a.getByRole('img', { name: 'Crowns received: 1' })).toBeVisible({ timeout: 10_000 });
  // A's open feed shows the new counts without a reload.
  await expect(aliceCardA.getByRole('button', { name: 'Crown (1)' })).toBeVisible({
    timeout: 10_000,
  });

  // A second crown the same day, on Carol's pun, is refused with the spec's message.
  const carolPun = `Carol's Christmas Carrot ${suffix}`;
  const carolPage = await (await browser.newContext({ baseURL })).newPage();
  await carolPage.request.post('/api/auth/login', {
    data: { email: carol.email, password: carol.password },
  });
  expect((await carolPage.request.post('/api/puns', { data: { text: carolPun } })).status()).toBe(
    201,
  );
  await b.reload();
  const carolCard = b.getByRole('listitem').filter({ hasText: carolPun });
  await carolCard.getByRole('button', { name: /^Crown/ }).click();
  await expect(carolCard.getByRole('alert')).toHaveText(messages.reactions.oneCrown);
  await expect(carolCard.getByRole('button', { name: 'Crown (0)' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await saveScreens(b, 'second-crown-refused');

  // B finds A by name and adds her; A's pun is in B's Friends feed.
  await b.goto('/dashboard?tab=friends');
  await expect(b.getByText(messages.friends.noFriendsTitle)).toBeVisible();
  await expect(b.getByText(messages.friends.noFriendsBody)).toBeVisible();
  await expectAccessible(b, 'friends tab empty');
  await b
    .getByRole('link', { name: 'Find Friends' })
    .or(b.getByRole('button', { name: 'Find Friends' }))
    .click();
  await expect(b).toHaveURL(/\/friends$/);
  await b.getByLabel('Search by display name').fill(`alice${suffix}`);
  const result = b
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ hasText: alice.displayName });
  await result.getByRole('button', { name: 'Add Friend' }).click();
  await expect(b.getByRole('link', { name: alice.displayName }).first()).toBeVisible();
  await expectAccessible(b, 'friends page');
  await saveScreens(b, 'friends-page');
  await b.goto('/dashboard?tab=friends');
  await expect(b.getByRole('listitem').filter({ hasText: alicePun })).toBeVisible();
  await saveScreens(b, 'friends-feed');

  // B opens A's page from the card's author link.
  await b
    .getByRole('listitem')
    .filter({ hasText: alicePun })
    .getByRole('link', { name: alice.displayName })
    .click();
  await expect(b).toHaveURL(new RegExp(`/user/${alice.id}`));
  await expect(b.getByRole('heading', { name: `${alice.displayName}'s Puns` })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Remove Friend' })).toBeVisible();
  await expect(b.getByRole('listitem').filter({ hasText: alicePun })).toBeVisible();
  await expectAccessible(b, 'player page');
  await saveScreens(b, 'player-page');
  await b.goto('/user/00000000-0000-4000-8000-000000000000');
  await expect(b.getByText(messages.userPage.notFound)).toBeVisible();

  // Signed out, the landing page shows the week's top puns: Alice's crowned pun first.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/');
  const panel = visitor
    .getByRole('region', { name: 'Top Puns This Week' })
    .or(visitor.locator('section', { hasText: 'Top Puns This Week' }));
  await expect(panel.getByText(alicePun)).toBeVisible();
  await expectAccessible(visitor, 'landing with top puns');
  await saveScreens(visitor, 'landing-top-three');

  await contextA.close();
  await contextB.close();
});

test('names and puns full of HTML render as inert text', async ({ page, browser }) => {
  const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"'><b>`;
  const evil = await (await browser.newContext({ baseURL: process.env.BASE_URL })).newPage();
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const res = await evil.request.post('/api/auth/signup', {
    data: {
      email: `xss-${Date.now()}@example.com`,
      password: 'pun-password',
      displayName: payload.slice(0, 40),
    },
  });
  expect(res.status()).toBe(201);
  const evilUser = (await res.json()).user;
  await evil.request.post('/api/puns', {
    data: { text: `Pun <img src=x onerror=alert(1)> ${payload}` },
  });
  await signUpThroughApi(page);
  await page.goto('/dashboard?tab=global');
  await expect(page.getByRole('link', { name: evilUser.displayName })).toBeVisible();
  await page.goto(`/user/${evilUser.id}`);
  await expect(page.getByRole('heading', { name: `${evilUser.displayName}'s Puns` })).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main script, main b').count()).toBe(0);
  expect(dialogs).toBe(0);
});
