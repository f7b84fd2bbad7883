import { messages } from '#shared/messages';
import { expect, expectAccessible, saveScreens, test } from './fixtures';

const signedInRoutes = [
  ['/dashboard', 'Dashboard | Punday'],
  ['/profile-settings', 'Profile Settings | Punday'],
  ['/friends', 'Friends | Punday'],
  ['/how-it-works', 'How It Works | Punday'],
] as const;

test('signed-out visitors are sent to the log-in screen from every signed-in route', async ({
  page,
}) => {
  for (const route of [
    ...signedInRoutes.map(([r]) => r),
    '/my-puns',
    '/user/123',
    '/user/123/puns',
    '/nowhere',
  ]) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  }
});

test('signed-in users skip the log-in and sign-up screens, and every route has its title', async ({
  page,
  user,
}) => {
  for (const route of ['/', '/signup', '/nowhere']) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/dashboard/);
  }
  for (const [route, title] of signedInRoutes) {
    await page.goto(route);
    await expect(page, route).toHaveTitle(title);
  }
  await page.goto('/my-puns');
  await expect(page).toHaveTitle(`${user.displayName}'s Puns | Punday`);
  await expect(page.getByRole('heading', { name: `${user.displayName}'s Puns` })).toBeVisible();
});

test('the dashboard tab lives in the URL, so a reload keeps it', async ({ page, user: _ }) => {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create' }).click();
  await expect(page).toHaveURL(/tab=create/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
  // Arrow keys move between tabs.
  await page.getByRole('tab', { name: 'Create' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Manage' })).toBeFocused();
});

test('the header menu works from the keyboard and leads to each page', async ({
  page,
  user: _,
}) => {
  await page.goto('/dashboard');
  const menuButton = page.getByRole('button', { name: 'Settings menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My Puns' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'My Puns' })).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works/);
  await page.getByRole('link', { name: 'Punday' }).first().click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('the offline banner shows whenever the browser is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByText(messages.offlineBanner)).toBeHidden();
  await context.setOffline(true);
  await expect(page.getByText(messages.offlineBanner)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(messages.offlineBanner)).toBeHidden();
});

test('signed-out screens pass axe and are photographed at phone and desktop sizes', async ({
  page,
}) => {
  for (const [route, name] of [
    ['/', 'login'],
    ['/signup', 'signup'],
    ['/reset-password?token=not-a-real-token', 'reset-invalid'],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, route);
    await saveScreens(page, name);
  }
});

test('signed-in screens pass axe and are photographed at phone and desktop sizes', async ({
  page,
  user: _,
}) => {
  // Nine screens, each with an axe run and two photographs: more than the default 30 s when a
  // 2-core machine is busy.
  test.setTimeout(90_000);
  const screens = [
    ['/dashboard?tab=global', 'dashboard-global'],
    ['/dashboard?tab=friends', 'dashboard-friends'],
    ['/dashboard?tab=create', 'dashboard-create'],
    ['/dashboard?tab=manage', 'dashboard-manage'],
    ['/profile-settings', 'profile-settings'],
    ['/friends', 'friends'],
    ['/my-puns', 'my-puns'],
    ['/how-it-works', 'how-it-works'],
  ] as const;
  for (const [route, name] of screens) {
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, route);
    await saveScreens(page, name);
  }
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await expectAccessible(page, 'open settings menu');
  await saveScreens(page, 'settings-menu-open');
});
