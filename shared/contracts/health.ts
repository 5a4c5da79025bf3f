import { Type, type Static } from '@sinclair/typebox';

/** GET /api/health: is this process keeping up? No personal data; cheap (figures kept by a timer). */
export const HealthData = Type.Object({
  /** `saturated` when the event loop's delay (p99 over the last window) is above the threshold. */
  status: Type.Union([Type.Literal('ok'), Type.Literal('saturated')]),
  /** p99 of the event loop's delay over the last window, in ms. */
  eventLoopDelayP99Ms: Type.Number(),
  /** The threshold above which the process says it is saturated, in ms. */
  saturatedAboveMs: Type.Number(),
  /** Share of the last window the event loop was busy (0–1). */
  eventLoopUtilization: Type.Number(),
  /** Open connections of this process: live activity streams, sockets. */
  connections: Type.Object({ liveStreams: Type.Integer(), sockets: Type.Integer() }),
  uptimeSeconds: Type.Integer(),
});
export type HealthData = Static<typeof HealthData>;

/** GET /api/health/live: the process answers. */
export const LiveData = Type.Object({ status: Type.Literal('live') });

const Probe = Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('saturated'), Type.Literal('not used')]);

/** GET /api/health/ready (200 ready, 503 unready): the database, Redis (`not used` without REDIS_URL), the event loop. */
export const ReadyData = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unready')]),
  database: Probe,
  redis: Probe,
  eventLoop: Probe,
});
export type ReadyData = Static<typeof ReadyData>;
