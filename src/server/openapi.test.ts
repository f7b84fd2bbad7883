// The OpenAPI document is generated from the routes' own zod schemas: every API route is in it
// with its method, parameters and body, and the reference page at /api/docs loads only files the
// app serves itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalFeedQuery, submitPunRequest } from '#shared/api';
import { createTestApp, type TestApp } from './testing/app.ts';

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, unknown>;
}
type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

/** /api/puns/:id/reaction -> /api/puns/{id}/reaction */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The keys of a zod object schema (the route's querystring or params). */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

describe('OpenAPI document and reference page', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    doc = response.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is OpenAPI 3.1, public, and names the session cookie', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Punday API');
    expect(doc.components?.securitySchemes?.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'punday_session',
    });
  });

  it('describes every registered API route with its method, parameters and body', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const missing: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(key);
        continue;
      }
      const schema = route.schema as
        | { body?: unknown; querystring?: unknown; params?: unknown; response?: object }
        | undefined;
      const named = (where: string) =>
        (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      for (const name of keysOf(schema?.querystring))
        expect(named('query'), `${key} query`).toContain(name);
      for (const name of keysOf(schema?.params))
        expect(named('path'), `${key} path`).toContain(name);
      for (const name of /:(\w+)/g.exec(route.url)?.slice(1) ?? [])
        expect(named('path'), `${key} path`).toContain(name);
      if (schema?.body)
        expect(operation.requestBody?.content?.['application/json']?.schema, key).toBeTruthy();
      for (const status of Object.keys(schema?.response ?? {}))
        expect(Object.keys(operation.responses ?? {}), `${key} responses`).toContain(status);
    }
    expect(missing).toEqual([]);
    // Nothing documented that the app does not serve (the docs themselves are left out).
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(documented.filter((d) => !served.has(d))).toEqual([]);
  });

  it('uses the same zod schemas the routes validate with', () => {
    const submit = doc.paths['/api/puns']?.post?.requestBody?.content?.['application/json']?.schema;
    const expected = z.toJSONSchema(submitPunRequest, { io: 'input', target: 'draft-2020-12' });
    expect(submit).toMatchObject({
      type: 'object',
      required: ['text'],
      properties: { text: { type: 'string', maxLength: submitPunRequest.shape.text.maxLength } },
    });
    expect(submit?.properties).toEqual(expected.properties);

    const feed = doc.paths['/api/feed/global']?.get?.parameters ?? [];
    const period = feed.find((p) => p.name === 'period');
    expect(period).toMatchObject({ in: 'query', required: true });
    expect(period?.schema).toMatchObject({ enum: globalFeedQuery.shape.period.options });
    expect(feed.find((p) => p.name === 'limit')?.required ?? false).toBe(false);
  });

  it('serves the reference page from its own files, under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>API reference | Punday</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:/);
    // No inline script or style: the page would not work under that CSP otherwise.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<style|\sstyle=/);

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      // Same origin only: a path on this server, never a scheme or a protocol-relative host.
      expect(asset, asset).toMatch(/^\/api\/docs\/static\/(theme\/)?[\w.-]+$/);
      const file = await t.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    // The validator badge would call validator.swagger.io: it is off.
    expect(initializer.body).toMatch(/"validatorUrl":null/);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().paths).toEqual(doc.paths);
  });
});
