// Own your data (issue 8): Profile settings downloads the player's data as a JSON file, and
// deletes the account after the password is typed (a wrong one first), landing on the log-in
// screen with a notice; logging in again then fails.
import { readFile } from 'node:fs/promises';
import { accountDataMessages, accountExport } from '#shared/account-data';
import { messages } from '#shared/messages';
import { expect, expectAccessible, test } from './fixtures';

test('download my data, then delete my account', async ({ page, user }) => {
  const posted = await page.request.post('/api/puns', {
    data: { text: 'I would tell you a chemistry joke, but I know I would not get a reaction.' },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/profile-settings');
  await expect(page.getByRole('heading', { name: 'Your Data' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`punday-export-${today}.json`);
  const text = await readFile(await download.path(), 'utf8');
  const data = accountExport.parse(JSON.parse(text));
  expect(data.account).toMatchObject({
    id: user.id,
    email: user.email,
    displayName: user.displayName,
  });
  expect(data.puns.map((p) => p.text)).toEqual([
    'I would tell you a chemistry joke, but I know I would not get a reaction.',
  ]);
  expect(text).not.toMatch(/password|scrypt|token/i);

  // The danger zone: a dialog that asks for the password, from the keyboard.
  const opener = page.getByRole('button', { name: 'Delete my account' });
  await opener.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Password');
  await expect(password).toBeFocused();
  // Escape cancels, and focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(accountDataMessages.passwordRequired);
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByLabel('Password').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(accountDataMessages.wrongPassword);
  await expectAccessible(page, 'delete account dialog with an error');
  // Nothing happened: still signed in.
  expect((await (await page.request.get('/api/auth/session')).json()).user.id).toBe(user.id);

  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: accountDataMessages.deleted }),
  ).toBeVisible();
  await expectAccessible(page, 'log-in after deletion');
  // The notice is shown once, not on every visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText(accountDataMessages.deleted)).toBeHidden();
  // Nothing of the player stays in this browser.
  const cached = await page.evaluate(() => localStorage.getItem('punday-cache') ?? '');
  expect(cached).not.toContain(user.email);
  expect(cached).not.toContain(user.id);
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  // The account is gone: logging in fails with the usual message.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.login.invalidCredentials);
});
