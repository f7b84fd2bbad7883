// CSRF defence beside SameSite=Lax cookies: a state-changing API request that says it comes from
// another site is refused. Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE.
import type { FastifyInstance } from 'fastify';
import { Forbidden } from '#server/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new Forbidden('Cross-site requests are not allowed.', 'cross_site');
    }
    if (origin === publicOrigin || host === request.headers.host) return;
    throw new Forbidden('Cross-site requests are not allowed.', 'cross_site');
  });
}
