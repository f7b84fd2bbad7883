// Serves the built client: hashed assets cached for a year, index.html never cached, and
// index.html for every client route (SPA fallback). Unknown /api paths are JSON 404s.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(clientDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
        );
      },
    });
  }

  // The static plugin would treat / as a directory listing; it is the log-in screen.
  if (hasClient) {
    app.get('/', async (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile('index.html');
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No such API route: ${request.method} ${pathname}` });
    }
    // A missing file (it has an extension) is a real 404; anything else is a client route.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.extname(pathname) !== '') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!hasClient) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The Punday client is not built. Run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile('index.html');
  });
}
