import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest, onResponseAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimit } from '../config';
import { globalPlugin } from '../lib/plugin';
import { TooManyRequests } from '../lib/rate-limit';
import { normalizeEmail } from '../services/users';
import { formStrings } from '../views/forms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits: route options for HTTP budgets, and the chat's per-user budget. */
    limits: Limits;
  }
}

export interface Limits {
  /**
   * A route's `config.rateLimit`: a budget per client address (IPv6 per /64), counted per route. Runs in
   * preValidation, so a refused form post still has its body (the page shows the e-mail again).
   */
  perAddress(rule: RateLimit): RateLimitOptions;
  /**
   * A preValidation hook: a budget per client address that slows down rather than refuses. Within it, requests pass
   * at once; over it, each waits its share of the window (the budget's pace: `windowMs / max` per request over,
   * at most `SLOW_DOWN_MAX_MS`) and the address is logged once per window. For the posts a crowd behind one address
   * sends (an office at the opening, a school's or a hotel's network): `name` keeps each route's count apart.
   */
  slowPerAddress(name: string, rule: RateLimit): preValidationAsyncHookHandler;
  /**
   * A preValidation hook: a budget per session user (anonymous visitors are users), counted per route. A request
   * without a session passes: its address budget applies.
   */
  perUser(rule: RateLimit): preValidationAsyncHookHandler;
  /**
   * The login form's hooks: a budget of failed attempts per client address and normalised e-mail of the body. Each
   * attempt takes a point before the password is checked; a successful login (303) gives it back.
   */
  perAccount(rule: RateLimit): { preValidation: preValidationAsyncHookHandler; onResponse: onResponseAsyncHookHandler };
  /** Counts one chat message of the user: null when it may go, else the seconds to wait. Never throws. */
  chatMessage(userId: number): Promise<number | null>;
}

/** A salon configured with Redis does not start without it (as the live hub). */
const REDIS_START_TIMEOUT_MS = 8000;
/** A rate-limit lookup that takes longer fails, and the request is let through (see skipOnError). */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Keys kept per budget in memory (least recently used dropped first): enough for the visitors of one window. */
const MEMORY_KEYS = 20_000;
const KEY_PREFIX = 'salon:rate-limit:';
/** The longest wait of a request over a slowing budget. */
export const SLOW_DOWN_MAX_MS = 10_000;

/** The client address as the limits see it (IPv4, or the /64 of an IPv6 address). */
const addressOf = (request: FastifyRequest): string => normalizeIP(request.ip);

async function whenReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      timer = setTimeout(
        () => reject(new Error(`Redis (REDIS_URL) did not answer within ${REDIS_START_TIMEOUT_MS / 1000} s`)),
        REDIS_START_TIMEOUT_MS,
      );
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The rate limits: @fastify/rate-limit, registered once with `global: false` — routes opt in with
 * `config.rateLimit` (per address) and the per-user hooks of `app.limits` — and rate-limiter-flexible for the login's
 * failed attempts per account (a point taken before the check, given back on success) and for the chat socket. With
 * REDIS_URL both count in Redis, so every process of the salon shares the budgets; otherwise in memory. A refusal is
 * a `TooManyRequests` (429, Retry-After), answered by `plugins/errors.ts` in the route's shape and the viewer's
 * language. When Redis fails (the client logs it), requests are let through: the limits never take the salon down.
 */
export const rateLimitPlugin = globalPlugin('salon-rate-limit', async (app) => {
  const { config } = app;
  let redis: Redis | null = null;
  if (config.redisUrl) {
    // ioredis is loaded only by a salon configured with Redis.
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectionName: 'salon-rate-limits',
    });
    redis.on('error', (err: unknown) => app.log.error({ err }, 'redis (rate limits)'));
    try {
      await whenReady(redis);
    } catch (err) {
      redis.disconnect();
      throw err;
    }
  }

  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: KEY_PREFIX } : {}),
    // A Redis failure lets the request through rather than answering 500.
    skipOnError: true,
    // Retry-After only (set again by the error handler); no X-RateLimit-* headers on every answer.
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => new TooManyRequests(context.ttl / 1000),
  });

  /** A preValidation hook counting `key(request)` (null: not counted) against `rule`, with @fastify/rate-limit's store. */
  const keyed = (rule: RateLimit, key: (request: FastifyRequest) => Promise<string | null>): preValidationAsyncHookHandler => {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      cache: MEMORY_KEYS,
      keyGenerator: async (request) => (await key(request)) ?? '',
      allowList: (_request, k) => k === '',
    } as RateLimitOptions);
    return async (request) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new TooManyRequests(result.ttlInSeconds);
    };
  };

  /** A rate-limiter-flexible budget in the same Redis (memory meanwhile when Redis fails), or in memory. */
  const flexible = (name: string, rule: RateLimit): RateLimiterAbstract => {
    const options = { keyPrefix: `${KEY_PREFIX}${name}`, points: rule.max, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  /** Counts one point: null when within the budget, else the seconds to wait. A store failure lets it through (logged). */
  const consume = async (limiter: RateLimiterAbstract, key: string, what: string): Promise<number | null> => {
    try {
      await limiter.consume(key);
      return null;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      app.log.error({ err: refusal }, `${what} rate limit failed (let through)`);
      return null;
    }
  };

  const chat = flexible('chat-message', config.rateLimits.chatMessagesPerUser);

  const limits: Limits = {
    perAddress: (rule) => ({ max: rule.max, timeWindow: rule.windowMs, hook: 'preValidation', cache: MEMORY_KEYS }),
    slowPerAddress(name, rule) {
      const limiter = flexible(`slow-${name}`, rule);
      const pace = rule.windowMs / Math.max(1, rule.max);
      const logged = new Map<string, number>();
      return async (request) => {
        const address = addressOf(request);
        let res: RateLimiterRes;
        try {
          await limiter.consume(address);
          return;
        } catch (over) {
          if (!(over instanceof RateLimiterRes)) {
            app.log.error({ err: over }, `${name} rate limit failed (let through)`);
            return;
          }
          res = over;
        }
        const excess = Math.max(1, res.consumedPoints - rule.max);
        const delayMs = Math.min(SLOW_DOWN_MAX_MS, Math.round(pace * excess));
        // Once per address and window: a crowd's hundreds of requests make one line, not hundreds.
        const windowEnd = Date.now() + res.msBeforeNext;
        if ((logged.get(address) ?? 0) < Date.now()) {
          if (logged.size >= MEMORY_KEYS) logged.clear();
          logged.set(address, windowEnd);
          request.log.warn(
            { address, budget: name, max: rule.max, windowMs: rule.windowMs, delayMs },
            'address over its budget: slowed down',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      };
    },
    perUser: (rule) =>
      keyed(rule, async (request) => {
        const { user } = await request.viewer();
        return user ? `${request.method}${request.routeOptions.url ?? ''}:user:${user.id}` : null;
      }),
    perAccount(rule) {
      const limiter = flexible('login', rule);
      const keys = new WeakMap<FastifyRequest, string>();
      return {
        // The point is taken before the password is checked, so parallel guesses cannot all slip through.
        async preValidation(request) {
          // The email is hashed: a counter in Redis does not hold who tried to log in.
          const email = createHash('sha256')
            .update(normalizeEmail(formStrings(request.body).email ?? ''))
            .digest('base64url');
          const key = `${addressOf(request)}:${email}`;
          const wait = await consume(limiter, key, 'login');
          if (wait !== null) throw new TooManyRequests(wait);
          keys.set(request, key);
        },
        // A login that succeeds (the 303 to the user's home) gives its point back: only failures count.
        async onResponse(request, reply) {
          const key = keys.get(request);
          if (key === undefined || reply.statusCode !== 303) return;
          await limiter.reward(key, 1).catch((err: unknown) => app.log.error({ err }, 'login rate limit: giving a point back failed'));
        },
      };
    },
    chatMessage: (userId) => consume(chat, String(userId), 'chat message'),
  };
  app.decorate('limits', limits);

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
});
