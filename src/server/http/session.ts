// Reads the session cookie once per API request and puts the signed-in user on the request.
// The sign-in guard (requireUser) is one hook on the scope of routes that need it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';
import { Unauthorized } from '#server/errors';
import { userForSession } from '#server/features/accounts/service';
import { hashToken } from '#server/features/accounts/tokens';
import type { Me } from '#shared/api';

export const SESSION_COOKIE = 'punday_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: Me | null;
    sessionToken: string | null;
  }
}

export function registerSessionLoader(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    request.sessionToken = token;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = ctx.caches.sessions.get(tokenHash, now);
    if (cached) {
      request.user = cached;
      return;
    }
    const revision = ctx.caches.sessions.revision;
    request.user = await userForSession(ctx, token);
    if (request.user) ctx.caches.sessions.set(tokenHash, request.user, now, revision);
  });
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthorized();
}

export function setSessionCookie(
  reply: FastifyReply,
  ctx: AppContext,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
  });
}

/** The signed-in user; only call behind requireUser. */
export function currentUser(request: FastifyRequest): Me {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
