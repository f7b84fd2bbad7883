// Builds the Fastify app: outside plugins first (security headers, compression, cookies), then
// our own (error handler, session loader), then one encapsulated plugin per feature under /api.
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createReadCaches } from './caches.ts';
import type { AppContext } from './context.ts';
import { startEventHub } from './events/hub.ts';
import { eventRoutes } from './events/routes.ts';
import { accountDataRoutes } from './features/account-data/routes.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { archiveRoutes } from './features/archive/routes.ts';
import { challengeRoutes } from './features/challenge/routes.ts';
import { feedRoutes, publicFeedRoutes } from './features/feeds/routes.ts';
import { friendRoutes } from './features/friends/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { moderationRoutes } from './features/moderation/routes.ts';
import { punRoutes } from './features/puns/routes.ts';
import { reactionRoutes } from './features/reactions/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { registerSharePages, shareApiRoutes } from './features/share/routes.ts';
import { streakRoutes } from './features/streaks/routes.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { redactUrl } from './http/redact.ts';
import { registerSessionLoader, requireUser } from './http/session.ts';
import { registerSpa } from './http/spa.ts';
import { registerMetrics } from './metrics.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface ApiRoute {
  method: string;
  url: string;
  /** The route's request and response schemas (the OpenAPI test checks each is documented). */
  schema?: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}

export async function buildApp(
  ctx: Omit<AppContext, 'logger' | 'caches'>,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors Fastify raises before routing (a malformed URL) get our error shape too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply)
        .code(400)
        .send({ error: 'bad_url', message: 'That address is not valid.' });
    },
  });
  const hub = await startEventHub(ctx.database, app.log);
  const caches = createReadCaches(hub);
  const fullCtx: AppContext = { ...ctx, logger: app.log, caches };

  // Every API route, for the authorisation and fuzz tests (and anyone auditing the surface).
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    // Hidden routes (the API's own documentation) are not part of the API.
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Once closing has begun, answer in-flight requests with Connection: close, so their keep-alive
  // sockets end with the response instead of holding the server open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const https = ctx.config.secureCookies;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);

  registerErrorHandler(app);
  registerOriginCheck(app, ctx.config.publicUrl);
  registerSessionLoader(app, fullCtx);
  registerMetrics(app, ctx.metrics, ctx.config.metricsToken);
  // Before the routes: the OpenAPI document is collected from them as they are registered.
  await registerOpenApi(app);

  app.addHook('onClose', async () => {
    caches.detach();
    await hub.close();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx: fullCtx });
      await api.register(accountRoutes, { ctx: fullCtx });
      await api.register(publicFeedRoutes, { ctx: fullCtx });
      await api.register(shareApiRoutes, { ctx: fullCtx });
      // Everything below needs a signed-in user: one guard for the whole scope.
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', requireUser);
        await signedIn.register(challengeRoutes, { ctx: fullCtx });
        await signedIn.register(punRoutes, { ctx: fullCtx });
        await signedIn.register(reactionRoutes, { ctx: fullCtx });
        await signedIn.register(feedRoutes, { ctx: fullCtx });
        await signedIn.register(friendRoutes, { ctx: fullCtx });
        await signedIn.register(moderationRoutes, { ctx: fullCtx });
        await signedIn.register(archiveRoutes, { ctx: fullCtx });
        await signedIn.register(streakRoutes, { ctx: fullCtx });
        await signedIn.register(settingsRoutes, { ctx: fullCtx });
        await signedIn.register(accountDataRoutes, { ctx: fullCtx });
        await signedIn.register(eventRoutes, { ctx: fullCtx, hub });
      });
    },
    { prefix: '/api' },
  );

  // The share page /p/{punId} (Open Graph tags) and its card image, before the SPA fallback.
  registerSharePages(app, fullCtx);
  await registerSpa(app, ctx.config.clientDir);
  return app;
}
