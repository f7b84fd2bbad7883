// Sharing a pun (issue 8), all readable without a session:
//   GET /api/share/:punId       the pun's public data (the share page's client fetches it)
//   GET /p/:punId               the SPA's index.html with the pun's Open Graph / Twitter tags
//   GET /p/:punId/card.png      the 1200x630 card image (cached, ETag)
// A hidden pun is a 404 for everyone but its author.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { userForSession } from '#server/features/accounts/service';
import { SESSION_COOKIE } from '#server/http/session';
import { errorBody } from '#shared/api';
import { cardPath, type SharedPun, sharedPunResponse, sharePath } from '#shared/share';
import { renderCard } from './card.ts';
import { CardCache } from './card-cache.ts';
import { notFoundHead, sharedPunHead, withShareHead } from './page.ts';
import { SharedPunNotFound, sharedPunFor } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The share cards rendered by this app (tests count its renders). */
    shareCards: CardCache;
  }
}

// Any text: an id that is not a pun's is a friendly 404 (the service checks the shape).
const punParams = z.object({ punId: z.string() });

/** GET /api/share/:punId, under /api beside the other public routes. */
export const shareApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/share/:punId',
    { schema: { params: punParams, response: { 200: sharedPunResponse, 404: errorBody } } },
    async (request, reply) => {
      const pun = await sharedPunFor(ctx.db, request.params.punId, async () =>
        request.user ? request.user.id : null,
      );
      // A hidden pun is only ever sent to its author: no shared cache may keep it.
      reply.header('cache-control', pun.hidden ? 'private, no-store' : 'no-cache');
      return { pun };
    },
  );
};

/** The session's user id, read only when a hidden pun needs it (the /api loader skips /p). */
async function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  return (await userForSession(ctx, token))?.id ?? null;
}

async function findForPage(
  ctx: AppContext,
  request: FastifyRequest,
  punId: string,
): Promise<SharedPun | null> {
  try {
    return await sharedPunFor(ctx.db, punId, () => viewerOf(ctx, request));
  } catch (error) {
    if (error instanceof SharedPunNotFound) return null;
    throw error;
  }
}

export const CARD_CACHE_CONTROL = 'public, max-age=300';

/** The /p pages, outside /api; register before the SPA fallback (http/spa.ts). */
export function registerSharePages(
  app: FastifyInstance,
  ctx: AppContext,
  cards: CardCache = new CardCache(renderCard),
): void {
  app.decorate('shareCards', cards);
  const indexFile = path.join(ctx.config.clientDir, 'index.html');

  app.get<{ Params: { punId: string } }>('/p/:punId', async (request, reply) => {
    if (!existsSync(indexFile)) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The Punday client is not built. Run `npm run build` (npm start does it for you).');
    }
    const [indexHtml, pun] = await Promise.all([
      readFile(indexFile, 'utf8'),
      findForPage(ctx, request, request.params.punId),
    ]);
    reply.type('text/html; charset=utf-8');
    if (!pun) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .send(withShareHead(indexHtml, notFoundHead()));
    }
    const base = ctx.config.publicUrl;
    const head = sharedPunHead(pun, {
      page: `${base}${sharePath(pun.id)}`,
      card: `${base}${cardPath(pun.id)}`,
    });
    reply.header('cache-control', pun.hidden ? 'private, no-store' : 'no-cache');
    return reply.send(withShareHead(indexHtml, head));
  });

  app.get<{ Params: { punId: string } }>('/p/:punId/card.png', async (request, reply) => {
    const pun = await findForPage(ctx, request, request.params.punId);
    if (!pun) return notFoundImage(reply);
    const card = await cards.get(pun.id, {
      text: pun.text,
      authorName: pun.authorName,
      category: pun.category,
      output: pun.output,
      crowns: pun.reactions.crown,
    });
    reply
      .header('cache-control', pun.hidden ? 'private, no-store' : CARD_CACHE_CONTROL)
      .header('etag', card.etag);
    if (ifNoneMatch(request, card.etag)) return reply.code(304).send();
    return reply.type('image/png').send(card.png);
  });
}

function notFoundImage(reply: FastifyReply) {
  return reply
    .code(404)
    .header('cache-control', 'no-cache')
    .type('text/plain; charset=utf-8')
    .send('Not found');
}

function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
