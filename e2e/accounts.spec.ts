import { messages } from '#shared/messages';
import { expect, resetLinkIn, test, uniqueEmail, waitForMail } from './fixtures';

test('sign up, sign out from the menu, and log back in', async ({ page }) => {
  const email = uniqueEmail('form');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign Up | Punday');
  await page.getByLabel('Display name').fill('Formal Punster');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('pun-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page).toHaveTitle('Dashboard | Punday');

  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Log In | Punday');
  // The session is gone on the server, not only in the page.
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('pun-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a wrong password says exactly "Invalid email or password"', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.request.post('/api/auth/signup', { data: { email, password: 'right-password' } });
  await page.request.post('/api/auth/logout');
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(messages.login.invalidCredentials, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up shows the spec messages for a taken email and a short password', async ({ page }) => {
  const email = uniqueEmail('taken');
  await page.request.post('/api/auth/signup', { data: { email, password: 'pun-password' } });
  await page.request.post('/api/auth/logout');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('pun-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(messages.signup.emailInUse)).toBeVisible();
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(messages.signup.weakPassword)).toBeVisible();
});

test('reset a forgotten password through the emailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  await page.request.post('/api/auth/signup', { data: { email, password: 'old-password' } });
  await page.request.post('/api/auth/logout');

  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText(messages.passwordReset.emailFirst)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText(messages.passwordReset.sent)).toBeVisible();

  const link = resetLinkIn(await waitForMail(email));
  await page.goto(link);
  await expect(page).toHaveTitle('Reset Password | Punday');
  await page.getByLabel('New password').fill('new-password');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByText(messages.passwordReset.done)).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The link works once.
  await page.request.post('/api/auth/logout');
  await page.goto(link);
  await expect(page.getByText(messages.passwordReset.invalidLink)).toBeVisible();

  const login = await page.request.post('/api/auth/login', {
    data: { email, password: 'new-password' },
  });
  expect(login.status()).toBe(200);
});

test('an unknown address gets the spec message from Forgot your password?', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(uniqueEmail('ghost'));
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText(messages.passwordReset.notFound)).toBeVisible();
});
