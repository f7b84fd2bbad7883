// The API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
// (GET /api/openapi.json), and a reference page at /api/docs served from the Swagger UI files in
// node_modules: no outside host is ever contacted. Register before the routes: @fastify/swagger
// collects them as they are added.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './session.ts';

export const OPENAPI_PATH = '/api/openapi.json';

const CONTRAST_CSS = `
.swagger-ui .opblock .opblock-summary-method { color: #080a0b; text-shadow: none; }
.swagger-ui .info .title small { background: #434b4f; }
.swagger-ui .info .title small.version-stamp { background: #1d632e; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1f5fa8; }
.swagger-ui .btn.authorize { color: #166b47; border-color: #166b47; }
.swagger-ui .btn.authorize svg { fill: #166b47; }
`;
export const DOCS_PREFIX = '/api/docs';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Punday API',
        version: '1',
        description:
          'The JSON API behind Punday. Signed-in routes need the session cookie set by ' +
          '/api/auth/signup or /api/auth/login; writes from a browser must come from the same origin.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    // Only the JSON API: the pages, files and /metrics outside /api are not part of it.
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const result = jsonSchemaTransform(document);
      // Grouped by resource: /api/auth/login -> auth, /api/puns/:id/reaction -> puns.
      const tag = document.url.split('/')[2] ?? 'api';
      return { ...result, schema: { ...result.schema, tags: [tag] } };
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI's files are served by the app itself, under the app's CSP unchanged. No validator
    // badge (an outside call) and no top bar: its logo is an SVG with an inline <style> the CSP
    // blocks, and its address box would load documents from anywhere.
    uiConfig: {
      layout: 'BaseLayout',
      validatorUrl: null,
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      // Its highlighter colours some tokens below contrast on the dark code background.
      syntaxHighlight: false,
    },
    // A stylesheet file (the CSP allows no inline style): Swagger UI's badges pass colour contrast.
    theme: {
      title: 'API reference | Punday',
      css: [{ filename: 'contrast.css', content: CONTRAST_CSS }],
    },
  });
}
