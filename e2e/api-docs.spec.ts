// The API reference at /api/docs: it renders under the app's strict Content-Security-Policy and
// loads nothing from any other host.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('the API reference renders from local files only, without CSP violations', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API reference | Punday');
  await expect(page.getByRole('heading', { name: /Punday API/ })).toBeVisible();

  // The submit-a-pun operation, opened: its body schema is the route's zod schema.
  const submit = page.locator('#operations-puns-post_api_puns');
  await expect(submit).toBeVisible();
  await submit
    .getByRole('button', { name: /POST \/api\/puns/ })
    .first()
    .click();
  await expect(submit.getByText('Request body')).toBeVisible();
  await expect(submit.getByText('"text"').first()).toBeVisible();
  await expect(page.locator('#operations-feed-get_api_feed_global')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });

  expect(requests.length).toBeGreaterThan(3);
  expect(
    requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin),
  ).toEqual([]);
  expect(problems).toEqual([]);

  // Colour contrast and the rest pass with our stylesheet. Swagger UI nests its copy button
  // inside each operation's toggle (nested-interactive): its markup, not something CSS can fix.
  const axe = await new AxeBuilder({ page }).disableRules(['nested-interactive']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
