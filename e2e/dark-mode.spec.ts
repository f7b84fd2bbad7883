// Dark mode (issue 8): the system's dark setting is followed; the Theme setting in Profile settings
// forces dark (or light) on this device, survives a reload, and moves the browser's theme colour.
// Every screen passes axe (colour contrast included) in both themes and is photographed in dark.
import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { addDays, laDayOf } from '#shared/la-day';
import {
  expect,
  expectAccessible,
  signUpThroughApi,
  type TestUser,
  test,
  viewports,
} from './fixtures';

const DARK_BG = 'rgb(19, 16, 24)'; // --color-bg in the dark palette
const LIGHT_BG = 'rgb(250, 247, 242)'; // --color-bg in the light palette

interface Screen {
  path: string;
  name: string;
  /** Something on the screen that says it finished loading. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first();

const signedOutScreens: Screen[] = [
  { path: '/', name: 'login', ready: heading('Log In') },
  { path: '/signup', name: 'signup', ready: heading(/Sign Up|Create/i) },
  {
    path: '/reset-password?token=not-a-real-token',
    name: 'reset-password',
    ready: (page) => page.getByRole('heading').first(),
  },
];

function signedInScreens(friend: TestUser, punId: string): Screen[] {
  return [
    { path: '/dashboard?tab=global', name: 'dashboard-global', ready: tabPanel },
    { path: '/dashboard?tab=friends', name: 'dashboard-friends', ready: tabPanel },
    { path: '/dashboard?tab=create', name: 'dashboard-create', ready: tabPanel },
    { path: '/dashboard?tab=manage', name: 'dashboard-manage', ready: tabPanel },
    { path: '/my-puns', name: 'my-puns', ready: heading(/'s Puns$/) },
    {
      path: `/user/${friend.id}`,
      name: 'user-puns',
      ready: heading(`${friend.displayName}'s Puns`),
    },
    { path: '/friends', name: 'friends', ready: heading('Friends') },
    { path: '/profile-settings', name: 'profile-settings', ready: heading('Profile Settings') },
    { path: '/how-it-works', name: 'how-it-works', ready: heading('How It Works') },
    { path: '/archive', name: 'archive', ready: heading('Archive') },
    {
      path: `/archive/${addDays(laDayOf(), -1)}`,
      name: 'archive-day',
      ready: (page) => page.getByRole('heading', { level: 1 }),
    },
    {
      // No such player: the app's not-found state (unknown paths redirect, spec §2).
      path: '/user/00000000-0000-4000-8000-000000000000',
      name: 'not-found',
      ready: (page) => page.getByRole('heading').first(),
    },
    { path: `/p/${punId}`, name: 'shared-pun', ready: (page) => page.getByRole('heading').first() },
    {
      path: '/p/00000000-0000-4000-8000-000000000000',
      name: 'shared-pun-missing',
      ready: (page) => page.getByRole('heading').first(),
    },
  ];
}

function tabPanel(page: Page) {
  return page.getByRole('tabpanel');
}

async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Full-page screenshots at phone and desktop size, kept with this test's results. */
async function photograph(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: testInfo.outputPath('screens', `${name}-${size}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(viewports.desktop);
}

async function visitEach(
  page: Page,
  testInfo: TestInfo,
  screens: Screen[],
  theme: { background: string; label: string; photograph: boolean },
) {
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready(page), screen.path).toBeVisible();
    // No spinners left: axe judges the finished screen.
    await expect(page.locator('.spinner')).toHaveCount(0);
    expect(await bodyBackground(page), `${screen.path} background`).toBe(theme.background);
    await expectAccessible(page, `${screen.path} (${theme.label})`);
    if (theme.photograph) await photograph(page, testInfo, `${theme.label}-${screen.name}`);
  }
}

/** A friend with a pun that the player reacted to, and a pun of the player's own. */
async function withContent(page: Page, browser: import('@playwright/test').Browser) {
  const friendContext = await browser.newContext({ baseURL: process.env.BASE_URL });
  const friendPage = await friendContext.newPage();
  const friend = await signUpThroughApi(friendPage, `Friend${randomBytes(3).toString('hex')}`);
  const posted = await friendPage.request.post('/api/puns', {
    data: { text: 'I used to be a baker, but I could not make enough dough.' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const punId = (await posted.json()).pun.id as string;
  await friendContext.close();
  expect((await page.request.put(`/api/friends/${friend.id}`)).status()).toBe(200);
  const reacted = await page.request.put(`/api/puns/${punId}/reaction`, {
    data: { reaction: 'crown' },
  });
  expect(reacted.status()).toBe(200);
  const mine = await page.request.post('/api/puns', {
    data: { text: 'Lettuce romaine calm: a salad bar with a hidden agenda.' },
  });
  expect(mine.status()).toBe(201);
  return { friend, punId };
}

test.describe('with the system set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('every screen is dark, passes axe and is photographed', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await visitEach(page, testInfo, signedOutScreens, {
      background: DARK_BG,
      label: 'system-dark',
      photograph: true,
    });
    await signUpThroughApi(page, `Night${randomBytes(3).toString('hex')}`);
    const { friend, punId } = await withContent(page, browser);
    await visitEach(page, testInfo, signedInScreens(friend, punId), {
      background: DARK_BG,
      label: 'system-dark',
      photograph: true,
    });
    // The open settings menu and the delete-account dialog.
    await page.goto('/profile-settings');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    await expectAccessible(page, 'settings menu (dark)');
    await photograph(page, testInfo, 'system-dark-settings-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'delete account dialog (dark)');
    await photograph(page, testInfo, 'system-dark-delete-dialog');
  });

  test('the theme setting says System, and Light overrides the system', async ({
    page,
    user: _,
  }, testInfo) => {
    await page.goto('/profile-settings');
    const group = page.getByRole('group', { name: 'Theme' });
    await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(await bodyBackground(page)).toBe(DARK_BG);
    // The browser's bar follows the system: one theme-color per scheme.
    await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute(
      'content',
      '#2e1065',
    );
    await group.getByRole('radio', { name: 'Light' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    for (const media of ['light', 'dark']) {
      await expect(
        page.locator(`meta[name="theme-color"][media*="${media}"]`),
        `theme-color for ${media}`,
      ).toHaveAttribute('content', '#5b21b6');
    }
    await expectAccessible(page, 'profile settings (forced light, dark system)');
    await photograph(page, testInfo, 'forced-light-profile-settings');
  });
});

test.describe('with the system set to light', () => {
  test.use({ colorScheme: 'light' });

  test('forcing Dark in Profile settings darkens every screen, and a reload keeps it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const user = await signUpThroughApi(page, `Owl${randomBytes(3).toString('hex')}`);
    const { friend, punId } = await withContent(page, browser);
    await page.goto('/profile-settings');
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    await expectAccessible(page, 'profile settings (light)');

    // A radio group, operable from the keyboard: arrows move the choice.
    const group = page.getByRole('group', { name: 'Theme' });
    await group.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'dark',
    );
    for (const media of ['light', 'dark']) {
      await expect(
        page.locator(`meta[name="theme-color"][media*="${media}"]`),
        `theme-color for ${media}`,
      ).toHaveAttribute('content', '#2e1065');
    }

    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }),
    ).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);

    await visitEach(page, testInfo, signedInScreens(friend, punId), {
      background: DARK_BG,
      label: 'forced-dark',
      photograph: true,
    });
    // Signed out on this device, the choice still holds.
    await page.request.post('/api/auth/logout');
    await visitEach(page, testInfo, signedOutScreens, {
      background: DARK_BG,
      label: 'forced-dark',
      photograph: true,
    });

    // Back to System: the light system wins again, and everything passes axe in light too.
    await page.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    await page.goto('/profile-settings');
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    await visitEach(page, testInfo, signedInScreens(friend, punId), {
      background: LIGHT_BG,
      label: 'light',
      photograph: false,
    });
    await page.request.post('/api/auth/logout');
    await visitEach(page, testInfo, signedOutScreens, {
      background: LIGHT_BG,
      label: 'light',
      photograph: false,
    });
  });
});
