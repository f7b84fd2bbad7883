// Report and block (issue 8) in the browser: three players report a fourth's pun through the ⋯
// menu and it leaves their Global feed (its author still sees it, marked); a player blocks
// another, whose puns leave the blocker's feed, and neither can react to the other's puns or add
// the other as a friend; the blocked list on the Friends page undoes it.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { messages } from '#shared/messages';
import { moderationMessages } from '#shared/moderation';
import { expect, expectAccessible, signUpThroughApi, test, viewports } from './fixtures';

const SHOTS = process.env.H3_SHOTS_DIR ?? 'test-results/screens';

async function newPlayer(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: process.env.BASE_URL });
  const page = await context.newPage();
  const user = await signUpThroughApi(page, name);
  return { page, user, context };
}

async function postPun(page: Page, text: string): Promise<string> {
  const res = await page.request.post('/api/puns', { data: { text } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).pun.id;
}

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/h3-${name}-${size}.png` });
  }
}

test('three reports hide a pun from the Global feed; its author still sees it, marked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const suffix = Date.now().toString(36);
  const author = await newPlayer(browser, `Edgy${suffix}`);
  const punText = `Pun-ishment for the reporters ${suffix}`;
  await postPun(author.page, punText);

  const reporters = [];
  for (const [i, reason] of (
    ['Offensive or hurtful', 'Spam or advertising', 'Something else'] as const
  ).entries()) {
    const reporter = await newPlayer(browser, `Reporter${i}${suffix}`);
    reporters.push(reporter);
    const { page } = reporter;
    await page.goto('/dashboard?tab=global');
    const card = page.getByRole('listitem').filter({ hasText: punText });
    await expect(card).toBeVisible();
    const more = card.getByRole('button', { name: `More actions for Edgy${suffix}'s pun` });

    if (i === 0) {
      // The keyboard path: Arrow Down opens the menu on its first item.
      await more.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Report pun' })).toBeFocused();
      await expect(page.getByRole('menuitem', { name: `Block Edgy${suffix}` })).toBeVisible();
      await expectAccessible(page, 'pun menu open');
      await shoot(page, 'menu');
      await page.setViewportSize(viewports.desktop);
      await page.keyboard.press('Enter');
    } else {
      await more.click();
      await page.getByRole('menuitem', { name: 'Report pun' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Report this pun' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(reason) }).check();
    if (i === 0) {
      await dialog.getByLabel('Anything to add? (optional)').fill('Not family-friendly at all.');
      await expect(dialog.getByText('27/500')).toBeVisible();
      await expectAccessible(page, 'report dialog');
      await shoot(page, 'report-dialog');
      await page.setViewportSize(viewports.desktop);
    }
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const sent = page.getByRole('dialog', { name: 'Report sent' });
    await expect(sent.getByRole('status')).toHaveText(moderationMessages.reported);
    if (i === 0) {
      await shoot(page, 'report-sent');
      await page.setViewportSize(viewports.desktop);
    }
    await sent.getByRole('button', { name: 'Close' }).click();
    await expect(sent).toBeHidden();
    if (i < 2) await expect(more).toBeFocused();
    else {
      // This report hid it: the card leaves once the thanks are read; focus stays on the list.
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('list', { name: /^Global feed/ })).toBeFocused();
    }

    if (i === 0) {
      // A second report from the same player is refused kindly.
      await more.click();
      await page.getByRole('menuitem', { name: 'Report pun' }).click();
      await dialog.getByRole('radio', { name: /Spam/ }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(sent.getByRole('status')).toHaveText(moderationMessages.alreadyReported);
      await page.keyboard.press('Escape');
      await expect(sent).toBeHidden();
    }
  }

  // The third report hid it: gone from the reporters' open feeds (live), and after a reload.
  for (const { page } of reporters) {
    await expect(page.getByRole('listitem').filter({ hasText: punText })).toHaveCount(0, {
      timeout: 10_000,
    });
  }
  const first = reporters[0]?.page as Page;
  const anchorPun = `A pun that stays ${suffix}`;
  await postPun(first, anchorPun);
  await first.reload();
  await expect(first.getByRole('listitem').filter({ hasText: anchorPun })).toBeVisible();
  await expect(first.getByRole('listitem').filter({ hasText: punText })).toHaveCount(0);

  // Its author: not in Global, but on their own page, marked.
  await author.page.goto('/dashboard?tab=global');
  await expect(author.page.getByRole('listitem').filter({ hasText: anchorPun })).toBeVisible();
  await expect(author.page.getByRole('listitem').filter({ hasText: punText })).toHaveCount(0);
  await author.page.goto('/my-puns');
  const own = author.page.getByRole('listitem').filter({ hasText: punText });
  await expect(own.getByText(moderationMessages.hiddenMark)).toBeVisible();
  await expect(own.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
  await expectAccessible(author.page, 'own hidden pun');
  await shoot(author.page, 'own-hidden-pun');

  // How It Works explains reporting.
  await author.page.goto('/how-it-works#community-guidelines');
  await expect(author.page.getByRole('heading', { name: 'Community guidelines' })).toBeInViewport();
  await expect(author.page.getByText(/Use the ⋯ \(More actions\) button on the pun/)).toBeVisible();
  await expectAccessible(author.page, 'how it works with community guidelines');
  await shoot(author.page, 'guidelines');
});

test("blocking hides the player's puns, refuses reactions and friend requests both ways", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const suffix = Date.now().toString(36);
  const blocker = await newPlayer(browser, `Blocker${suffix}`);
  const blocked = await newPlayer(browser, `Pest${suffix}`);
  const blockedPun = `Pest control pun ${suffix}`;
  const blockerPun = `Blocker's own pun ${suffix}`;
  await postPun(blocked.page, blockedPun);
  await postPun(blocker.page, blockerPun);

  const page = blocker.page;
  await page.goto('/dashboard?tab=global');
  const card = page.getByRole('listitem').filter({ hasText: blockedPun });
  await card.getByRole('button', { name: `More actions for Pest${suffix}'s pun` }).click();
  await page.getByRole('menuitem', { name: `Block Pest${suffix}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block Pest${suffix}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'block confirmation');
  await shoot(page, 'block-dialog');
  await page.setViewportSize(viewports.desktop);
  await confirm.getByRole('button', { name: `Block Pest${suffix}` }).click();
  const done = page.getByRole('dialog', { name: `You blocked Pest${suffix}` });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: blockerPun })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: blockerPun })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: blockedPun })).toHaveCount(0);

  // The blocked player still sees the blocker's pun, but cannot react to it or befriend them.
  const other = blocked.page;
  await other.goto('/dashboard?tab=global');
  const theirCard = other.getByRole('listitem').filter({ hasText: blockerPun });
  await theirCard.getByRole('button', { name: /^Laughing/ }).click();
  await expect(theirCard.getByRole('alert')).toHaveText(moderationMessages.reactionBlocked);
  await expect(theirCard.getByRole('button', { name: 'Laughing (0)' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expectAccessible(other, 'refused reaction');
  await other.goto(`/user/${blocker.user.id}`);
  await other.getByRole('button', { name: 'Add Friend' }).click();
  await expect(other.getByRole('alert')).toHaveText(moderationMessages.friendBlocked);
  // Neither shows up in the other's friend search.
  await other.goto('/friends');
  await other.getByLabel('Search by display name').fill(`Blocker${suffix}`);
  await expect(other.getByText(messages.friends.noResults)).toBeVisible();

  // The blocker cannot add them either, and finds them under Blocked players.
  await page.goto(`/user/${blocked.user.id}`);
  await page.getByRole('button', { name: 'Add Friend' }).click();
  await expect(page.getByRole('alert')).toHaveText(moderationMessages.friendBlocked);
  await page.goto('/friends');
  const list = page.getByRole('list', { name: 'Blocked players' });
  await expect(list.getByRole('listitem')).toHaveText([`Pest${suffix}Unblock`]);
  await expectAccessible(page, 'friends with blocked players');
  await shoot(page, 'blocked-list');
  await page.setViewportSize(viewports.desktop);

  await list.getByRole('button', { name: `Unblock Pest${suffix}` }).click();
  await expect(page.getByText(moderationMessages.noBlocks)).toBeVisible();
  await page.goto('/dashboard?tab=global');
  await expect(page.getByRole('listitem').filter({ hasText: blockedPun })).toBeVisible();
});
