import fastifyFormbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { loadConfig, type AppConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import { scoped } from './lib/plugin';
import { lazySerializers } from './lib/serializers';
import { typeboxValidatorCompiler } from './lib/validation';
import { configPlugin } from './plugins/config';
import { cspPlugin } from './plugins/csp';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { livePlugin } from './plugins/live';
import { mailPlugin } from './plugins/mail';
import type { MailCatcher } from './services/mail-catcher';
import { panoramasPlugin } from './plugins/panoramas';
import { rateLimitPlugin } from './plugins/rate-limit';
import { sessionPlugin } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { realtimePlugin } from './realtime';
import { saturationPlugin } from './plugins/saturation';
import { REDACTED } from './ops/logger';
import { opsPlugin } from './ops/plugin';
import { apiRoutes } from './routes/api';
import { programmeClockPlugin } from './routes/api/programme';
import { benchRoutes } from './routes/bench';
import { cspReportRoutes } from './routes/csp-report';
import { emojiRoutes } from './routes/emoji';
import { hostRoutes } from './routes/host';
import { mediaRoutes } from './routes/media';
import { pageRoutes } from './routes/pages';
import { roomFrameRoutes } from './routes/room-frame';

export interface BuildOptions {
  /** Overrides of the environment's configuration (loadConfig). */
  config?: Partial<AppConfig>;
  /** An already open database; the app then leaves it open when it closes. */
  database?: DatabaseHandle;
  /** fastify's pino logger options; off under Jest unless given. */
  logger?: FastifyServerOptions['logger'];
  /** A logger made beforehand (server.ts: `ops/logger.ts`, the one that also writes the banner and the refusals). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** A local catch-all SMTP server (the demo's, the tests'): e-mails go there when SMTP_URL is unset; closed with the app. */
  mailCatcher?: MailCatcher | null;
  /** Runs on the open database before every other plugin starts (server.ts: migrations and seeds; plugins/db.ts). */
  prepare?: (handle: DatabaseHandle) => Promise<void>;
}

/**
 * The whole server, not listening: plugins first (config, db, ops, session, errors, forms, static, live, panoramas, csp, rate limits, realtime), then routes.
 * Migrations and the demo seed are the caller's business (server.ts through `prepare`, the tests).
 */
export function build(options: BuildOptions = {}) {
  const config: AppConfig = { ...loadConfig(), ...options.config };
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? (process.env.NODE_ENV === 'test' ? false : { level: config.logLevel, redact: REDACTED }) }),
    trustProxy: config.trustProxy,
    // No limit on a plugin's start (fastify's is 10 s): the migrations run while the db plugin starts, and take minutes
    // on a large database or seconds more on a loaded machine. A start that hangs is its supervisor's to stop.
    pluginTimeout: 0,
    // Field-naming messages come from typeboxValidatorCompiler; this joins them in English (the logs'): the error
    // handler words the answer in the reader's language (plugins/errors.ts).
    schemaErrorFormatter: (errors, dataVar) => new Error(`Invalid ${dataVar}: ${errors.map((e) => e.message).join('; ')}`),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(typeboxValidatorCompiler);

  app.register(configPlugin, { config });
  app.register(dbPlugin, { handle: options.database, prepare: options.prepare });
  // Before the plugins that make Redis clients (live, realtime): they hand them to app.ops.metrics.
  app.register(opsPlugin);
  app.register(sessionPlugin);
  app.register(errorsPlugin);
  app.register(fastifyFormbody);
  app.register(scoped(staticPlugin));
  app.register(livePlugin);
  app.register(panoramasPlugin);
  app.register(mailPlugin, { catcher: options.mailCatcher ?? null });
  // Talks' stream switches and reminders, meetings' starts: woken by the API and by the back office's programme page.
  app.register(programmeClockPlugin);
  // After live: the policy reads the stream's addresses from app.parameters.
  app.register(cspPlugin);
  app.register(rateLimitPlugin);
  app.register(realtimePlugin);
  app.register(saturationPlugin);

  app.register(scoped(mediaRoutes));
  app.register(scoped(emojiRoutes));
  app.register(scoped(roomFrameRoutes));
  app.register(scoped(cspReportRoutes));
  app.register(scoped(apiRoutes), { prefix: '/api' });
  // Outside /api's same-origin guard: server-to-server, HMAC-signed; absent without SALON_HOST_SECRET.
  app.register(scoped(hostRoutes), { prefix: '/api/host' });
  app.register(scoped(pageRoutes));
  if (config.benchEndpoints) app.register(scoped(benchRoutes));
  return app;
}

export type SalonApp = ReturnType<typeof build>;
