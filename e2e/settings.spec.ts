import { messages } from '#shared/messages';
import { startPushReceiver } from '../src/server/testing/push-receiver';
import { expect, expectAccessible, saveScreens, signUpThroughApi, test } from './fixtures';

test('display name: saved, numbered when taken, empty refused, and the message clears', async ({
  page,
  browser,
  user,
}) => {
  const other = await browser.newPage({ baseURL: process.env.BASE_URL });
  const taken = await signUpThroughApi(other, `Taken${user.id.slice(0, 6)}`);
  await other.close();

  await page.goto('/profile-settings');
  await expect(page).toHaveTitle('Profile Settings | Punday');
  const input = page.getByLabel('Display Name', { exact: true });
  await expect(input).toHaveValue(user.displayName);

  await input.fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.settings.displayNameEmpty);

  await input.fill(taken.displayName.toLowerCase());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const numbered = `${taken.displayName.toLowerCase()}1`;
  await expect(page.getByRole('status').filter({ hasText: 'Display name saved as' })).toHaveText(
    messages.settings.displayNameSavedAs(numbered),
  );
  await expect(input).toHaveValue(numbered);
  await expectAccessible(page, 'profile settings');
  await saveScreens(page, 'profile-settings-saved');
  // spec §9: the message clears after 5 seconds.
  await expect(page.getByText(messages.settings.displayNameSavedAs(numbered))).toBeHidden({
    timeout: 8_000,
  });

  await input.fill(`Fresh${user.id.slice(0, 6)}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(messages.settings.displayNameSaved)).toBeVisible();
});

test('push: enable with permission granted, friend notifications, a friend pun arrives, disable', async ({
  page,
  context,
  browser,
  user,
}) => {
  const receiver = await startPushReceiver();
  try {
    const device = receiver.subscribe();
    await context.grantPermissions(['notifications']);
    // The browser's push service is the outside party here: its subscription points at our receiver.
    await page.addInitScript((sub) => {
      const fake = {
        endpoint: sub.endpoint,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => true,
      };
      let current: typeof fake | null = null;
      PushManager.prototype.subscribe = async function subscribe() {
        current = fake;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current as unknown as PushSubscription | null;
      };
    }, device);

    await page.goto('/profile-settings');
    const friendButton = page.getByRole('button', { name: 'Enable' }).nth(1);
    await expect(friendButton).toBeDisabled();
    await page.getByRole('button', { name: 'Enable' }).first().click();
    await expect(page.getByText(messages.settings.pushEnabled)).toBeVisible();
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText(messages.settings.friendEnabled)).toBeVisible();
    await saveScreens(page, 'profile-settings-push-on');

    // A friend posts: the push reaches this device's endpoint, VAPID-signed and encrypted.
    const friendPage = await browser.newPage({ baseURL: process.env.BASE_URL });
    const friend = await signUpThroughApi(friendPage, `Pal${user.id.slice(0, 6)}`);
    expect((await page.request.put(`/api/friends/${friend.id}`)).status()).toBe(200);
    const posted = await friendPage.request.post('/api/puns', {
      data: { text: 'Push it real good' },
    });
    expect(posted.status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.errors).toEqual([]);
    expect(receiver.received[0]?.payload).toMatchObject({
      type: 'friend_pun',
      punId: (await posted.json()).pun.id,
    });
    await friendPage.close();

    await page.getByRole('button', { name: 'Disable' }).first().click();
    await expect(page.getByText(messages.settings.pushDisabled)).toBeVisible();
    const me = (await (await page.request.get('/api/auth/session')).json()).user;
    expect(me.notificationsEnabled).toBe(false);
  } finally {
    await receiver.close();
  }
});

test('push: a denied permission gets the spec message', async ({ page, user: _ }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/profile-settings');
  await page.getByRole('button', { name: 'Enable' }).first().click();
  await expect(page.getByRole('alert')).toHaveText(messages.settings.permissionDenied);
});

test('iPhone Safari outside an installed app: a failed enable shows the Add to Home Screen steps', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: process.env.BASE_URL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signUpThroughApi(page);
  await context.grantPermissions(['notifications']);
  // Safari outside a Home Screen app has no push subscription to give.
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = async () => {
      throw new DOMException('Push is not available here', 'NotAllowedError');
    };
  });
  await page.goto('/profile-settings');
  await page.getByRole('button', { name: 'Enable' }).first().click();
  await expect(page.getByRole('alert')).toContainText('Error updating notification settings:');
  const help = page.getByRole('note');
  await expect(help).toContainText('Share button');
  await expect(help).toContainText('Add to Home Screen');
  await expect(help).toContainText('Tap Add');
  await page.screenshot({
    path: 'test-results/screens/profile-settings-ios-help-phone.png',
    fullPage: true,
  });
  await context.close();
});
