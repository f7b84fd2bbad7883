import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { messages } from '#shared/messages';
import { registerErrorHandler } from './error-handler.ts';
import { redactUrl } from './redact.ts';

describe('HTTP behaviour of the app', () => {
  let t: TestApp;
  let clientDir: string;
  const bigScript = `console.log(${JSON.stringify('pun '.repeat(2000))});`;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'punday-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>Punday</title><div id="root"></div>',
    );
    await writeFile(path.join(clientDir, 'assets', 'index-Ab12Cd.js'), bigScript);
    t = await createTestApp('pglite', { clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('reports a healthy database', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends a self-only CSP without inline script, and the usual security headers', async () => {
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves index.html for client routes, uncached, and hashed assets cached for a year, compressed', async () => {
    for (const route of ['/', '/dashboard', '/user/123/puns', '/how-it-works']) {
      const res = await t.app.inject(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.rawPayload.length).toBeLessThan(bigScript.length / 4);
    expect((await t.app.inject('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('turns malformed bodies into readable 4xx answers', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': contentType },
      });
    const badJson = await post('{"email":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(messages.generic.invalidJson);
    const notObject = await post('[1,2,3]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toMatch(/JSON object/);
    const wrongType = await post('email=a&password=b', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe(messages.generic.unsupportedMediaType);
    const huge = await post(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(messages.generic.payloadTooLarge);
  });

  it('refuses a state-changing API request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: t.ctx.config.publicUrl },
    });
    expect(sameSite.statusCode).toBe(204);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://punday.example' } });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'sec@example.com', password: 'secret1' },
      });
      expect(res.cookies.find((c) => c.name === 'punday_session')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await secure.close();
    }
  });

  it('says 503 from /api/health when the database is gone', async () => {
    const doomed = await createTestApp('pglite');
    await doomed.database.close();
    const res = await doomed.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    await doomed.app.close();
  });
});

describe('the error handler', () => {
  it('logs an unexpected error with the request id and answers a generic 500 without a stack', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      error: 'internal',
      message: messages.generic.internal,
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
    expect(lines.join('')).toContain(body.requestId);
    expect(lines.join('')).toContain('secret internal detail');
    await app.close();
  });
});

describe('redactUrl', () => {
  it('hides reset tokens in logged URLs', () => {
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe(
      '/reset-password?token=[redacted]&x=1',
    );
    expect(redactUrl('/dashboard?tab=create')).toBe('/dashboard?tab=create');
  });
});

describe('malformed URLs', () => {
  it('get a 400 in the usual error shape', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject('/api/users/%E0%A4%A');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_url', message: 'That address is not valid.' });
    } finally {
      await t.close();
    }
  });
});
