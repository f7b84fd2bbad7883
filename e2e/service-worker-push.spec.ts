import { FRIEND_PUN_NOTIFICATION_CLOSE_MS } from '#shared/constants';
import { expect, test } from './fixtures';

// Pushes delivered to the service worker through Chromium's DevTools protocol, as a push service
// would: the worker shows them, drops a duplicate within 5 seconds while the app is open, and
// closes a friend-pun notification after 4 seconds.
test('the service worker shows pushes, drops duplicates and closes friend-pun notices', async ({
  page,
  context,
  user: _,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const origin = new URL(page.url()).origin;
  const push = (data: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(data),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
      })),
    );

  await push({
    type: 'reminder',
    title: 'Your daily pun is waiting',
    body: 'Go!',
    url: '/dashboard?tab=create',
  });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Your daily pun is waiting', body: 'Go!', tag: 'reminder' }]);

  const friendPun = {
    type: 'friend_pun',
    title: 'Pal posted a pun',
    body: 'Lettuce pray',
    punId: 'p1',
    url: '/dashboard?tab=friends',
  };
  await push(friendPun);
  await expect.poll(async () => (await shown()).length).toBe(2);
  const started = Date.now();
  // The same title and body again within 5 seconds, with the app open: dropped.
  await push({ ...friendPun, punId: 'p2' });
  await page.waitForTimeout(500);
  expect((await shown()).filter((n) => n.title === 'Pal posted a pun')).toHaveLength(1);
  // And the friend-pun notice closes itself after 4 seconds; the reminder stays.
  await expect
    .poll(async () => (await shown()).map((n) => n.tag), { timeout: 8_000 })
    .toEqual(['reminder']);
  expect(Date.now() - started).toBeGreaterThanOrEqual(FRIEND_PUN_NOTIFICATION_CLOSE_MS - 1_000);
});
