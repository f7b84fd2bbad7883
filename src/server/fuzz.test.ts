// Bad input never gets a 5xx or a stack trace: every API route, signed in and not, with bodies
// from random garbage to huge strings, deep JSON, invalid UTF-8 and the wrong content type.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { createTestApp, signUpUser, type TestApp } from './testing/app.ts';

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }> = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/auth/session' },
  { method: 'POST', path: '/api/auth/signup' },
  { method: 'POST', path: '/api/auth/login' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/password-reset' },
  { method: 'POST', path: '/api/auth/password-reset/check' },
  { method: 'POST', path: '/api/auth/password-reset/confirm' },
  { method: 'GET', path: '/api/challenge/today' },
  { method: 'POST', path: '/api/puns' },
  { method: 'GET', path: '/api/puns/mine/today' },
  { method: 'PUT', path: '/api/puns/:id/reaction' },
  { method: 'DELETE', path: '/api/puns/:id/reaction' },
  { method: 'GET', path: '/api/puns/top-week' },
  { method: 'GET', path: '/api/share/:id' },
  { method: 'GET', path: '/api/feed/global' },
  { method: 'GET', path: '/api/feed/friends' },
  { method: 'GET', path: '/api/users/:id/puns' },
  { method: 'GET', path: '/api/users/search' },
  { method: 'GET', path: '/api/users/:id' },
  { method: 'GET', path: '/api/friends' },
  { method: 'PUT', path: '/api/friends/:id' },
  { method: 'DELETE', path: '/api/friends/:id' },
  { method: 'PUT', path: '/api/me/display-name' },
  { method: 'GET', path: '/api/push/public-key' },
  { method: 'POST', path: '/api/push/subscription' },
  { method: 'DELETE', path: '/api/push/subscription' },
  { method: 'PUT', path: '/api/me/friend-notifications' },
  { method: 'POST', path: '/api/puns/:id/report' },
  { method: 'POST', path: '/api/users/:id/block' },
  { method: 'DELETE', path: '/api/users/:id/block' },
  { method: 'GET', path: '/api/blocks' },
];

const idArb = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('%00', '..%2F..%2Fetc%2Fpasswd', '0', '-1', 'null', '%E0%A4%A', 'x'.repeat(300)),
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const fieldNames = fc.constantFrom(
  'email',
  'password',
  'displayName',
  'text',
  'reaction',
  'token',
  'endpoint',
  'keys',
  'enabled',
  'period',
  'limit',
  'cursor',
  'q',
  'reason',
  'note',
);
const bodyArb = fc.oneof(
  jsonValue.map((v) => ({ raw: JSON.stringify(v), type: 'application/json' })),
  fc.dictionary(fieldNames, fc.oneof(jsonValue, fc.string({ maxLength: 2000 }))).map((v) => ({
    raw: JSON.stringify(v),
    type: 'application/json',
  })),
  fc.string({ maxLength: 300 }).map((s) => ({ raw: s, type: 'application/json' })),
  fc.string({ maxLength: 300 }).map((s) => ({ raw: s, type: 'text/plain' })),
  fc.constantFrom(
    { raw: '['.repeat(30_000), type: 'application/json' },
    { raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' },
    { raw: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES * 2) }), type: 'application/json' },
    {
      raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      type: 'application/json',
    },
    { raw: '', type: 'application/json' },
    { raw: 'email=a&password=b', type: 'application/x-www-form-urlencoded' },
    { raw: '{"text":"\uD800"}', type: 'application/json' },
  ),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ raw: Buffer.from([0xff, 0xfe, ...bytes]), type: 'application/json' })),
);
const queryArb = fc.dictionary(
  fc.oneof(fieldNames, fc.string({ maxLength: 10 })),
  fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom('today', 'topweek', '-1', '1e9', '2026-13-45T99:99:99Z', 'x'.repeat(500)),
  ),
  { maxKeys: 4 },
);

describe('API fuzzing', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { limits: {} });
    ({ cookie } = await signUpUser(t.app, { email: 'fuzzer@example.com' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every route with 2xx-4xx and a JSON message, never a 5xx or a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        idArb,
        queryArb,
        bodyArb,
        fc.boolean(),
        async (route, id, query, body, signedIn) => {
          const url = route.path.replace(':id', encodeURIComponent(id).slice(0, 400));
          const res = await t.app.inject({
            method: route.method,
            url,
            query: query as Record<string, string>,
            headers: { 'content-type': body.type, ...(signedIn ? { cookie } : {}) },
            ...(route.method === 'GET' ? {} : { payload: body.raw }),
          });
          const context = `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.body, context).not.toMatch(/\n\s+at .+:\d+:\d+/);
          if (res.statusCode >= 400) {
            expect(typeof res.json().message, context).toBe('string');
          }
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'big@example.com',
        password: 'pun '.repeat(BODY_LIMIT_BYTES),
      }),
    });
    expect(res.statusCode).toBe(413);
  });
});
