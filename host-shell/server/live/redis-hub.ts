import type { LiveChange, Scope } from './changes';
import { ScopeChannels, changeOf, route } from './channels';
import type { LiveHub, LiveListener } from './hub';
import { RECOVER_DELAYS_MS, Recovery, type Resync } from './recovery';
import { ResumeLog, type LogRedis } from './resume-log';

/** What RedisHub needs of an ioredis client (a publisher, and a subscriber in subscriber mode). */
export interface RedisLike extends LogRedis {
  publish(channel: string, message: string): Promise<unknown>;
  spublish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string): Promise<unknown>;
  ssubscribe(channel: string): Promise<unknown>;
  sunsubscribe(channel: string): Promise<unknown>;
  on(event: 'message' | 'smessage', listener: (channel: string, message: string) => void): unknown;
  on(event: 'ready' | 'close', listener: () => void): unknown;
  quit(): Promise<unknown>;
}

/** What one process publishes: the change, and which process it came from (it hands its own changes over at once). */
interface Envelope {
  from: string;
  change: LiveChange;
}

/** Changes held while Redis is away, past which the oldest are dropped (the resync after the outage covers them). */
const HELD_MAX = 10_000;

export interface RedisHubOptions {
  channel?: string;
  /**
   * The changes that recompute everything a stream may show, from the database (every stand's visitors, history and
   * exhibitors, the settings, presence, public news): handed to this process's listeners once its subscription is
   * back after Redis went away, since changes other processes published meanwhile may never have reached it, and
   * after `recover()`.
   */
  resync?: Resync;
}

/**
 * The hub across processes (REDIS_URL): each change is published on its channel (live/channels.ts): a stand's or a
 * person's own, heard by the processes whose streams show that scope, or the room's, heard by all. A change is JSON
 * already (live/changes.ts).
 *
 * Whatever Redis does, nothing is lost:
 * - the publishing process hands its own changes to its listeners at once (never through Redis), so a process without
 *   Redis still serves its own visitors;
 * - a change published while this process is not subscribed (Redis down), or whose publication failed, is held and
 *   published once the subscription is back (ioredis itself queues commands while it reconnects);
 * - when this process's subscription comes back after a loss, its listeners get `resync()`'s changes: what other
 *   processes published while it was not subscribed (possibly before it resubscribed, so never delivered) is read
 *   again from the database, and streams receive what differs. `recover()` does the same, for this process only.
 */
export class RedisHub implements LiveHub {
  received = 0;
  private readonly listeners = new Set<LiveListener>();
  private readonly ready: Promise<unknown>;
  /** This process, as the sender of what it publishes. */
  private readonly id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly channel: string;
  private subscribed = false;
  private lost = false;
  private closed = false;
  private held: LiveChange[] = [];
  private readonly recovery: Recovery;
  private readonly scopes: ScopeChannels;
  private readonly log: ResumeLog;

  constructor(
    private readonly pub: RedisLike,
    private readonly sub: RedisLike,
    private readonly onError: (err: unknown) => void,
    private readonly options: RedisHubOptions = {},
  ) {
    this.channel = options.channel ?? 'salon:live';
    this.recovery = new Recovery(options.resync, (change) => this.deliver(change), onError);
    this.log = new ResumeLog(pub);
    this.scopes = new ScopeChannels(
      (scope) => void this.subscribeScope(scope),
      (scope) => void this.sub.sunsubscribe(this.scopeChannel(scope)).catch((err: unknown) => this.onError(err)),
    );
    this.sub.on('message', (channel, message) => {
      if (channel === this.channel) this.heard(message);
    });
    this.sub.on('smessage', (channel, message) => {
      const scope = channel.slice(this.channel.length + 1) as Scope;
      if (channel.startsWith(`${this.channel}:`) && this.scopes.has(scope)) this.heard(message);
    });
    this.sub.on('close', () => {
      if (this.subscribed) this.lost = true;
      this.subscribed = false;
    });
    // ioredis resubscribes by itself on reconnection; subscribing again here tells when it is done (same connection,
    // commands in order), and is harmless.
    this.sub.on('ready', () => {
      if (this.lost && !this.closed) void this.resubscribed();
    });
    this.ready = this.sub.subscribe(this.channel).then(
      () => {
        this.subscribed = true;
        this.send();
      },
      (err: unknown) => this.onError(err),
    );
  }

  private heard(message: string): void {
    this.received += 1;
    let parsed: Envelope | LiveChange;
    try {
      parsed = JSON.parse(message) as Envelope | LiveChange;
    } catch (err) {
      this.onError(err);
      return;
    }
    // A bare change: a process of the previous release (which sent its own changes through Redis too).
    if (!('change' in parsed)) return this.deliver(parsed);
    if (parsed.from === this.id) return;
    this.deliver(parsed.change);
  }

  private scopeChannel(scope: Scope): string {
    return `${this.channel}:${scope}`;
  }

  /** Once subscribed, the scope is computed again: what was published before the subscription took is in it. */
  private async subscribeScope(scope: Scope): Promise<void> {
    try {
      await this.sub.ssubscribe(this.scopeChannel(scope));
    } catch (err) {
      // Redis is away: ioredis subscribes again when it is back, and the resync then reads everything again.
      this.onError(err);
      return;
    }
    const change = changeOf(scope);
    if (change && this.scopes.has(scope) && !this.closed) this.deliver(change);
  }

  changedSince(scopes: Scope[], sinceMs: number): Promise<Set<Scope> | null> {
    return this.log.since(scopes, sinceMs);
  }

  watch(scope: Scope): void {
    if (!this.closed) this.scopes.watch(scope);
  }

  unwatch(scope: Scope): void {
    this.scopes.unwatch(scope);
  }

  private deliver(change: LiveChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  private async resubscribed(): Promise<void> {
    try {
      await Promise.all([
        this.sub.subscribe(this.channel),
        ...this.scopes.scopes().map((scope) => this.sub.ssubscribe(this.scopeChannel(scope))),
      ]);
    } catch (err) {
      // The connection went away again: the next 'ready' tries again.
      this.onError(err);
      return;
    }
    this.lost = false;
    this.subscribed = true;
    this.send();
    this.recovery.request();
  }

  recover(): void {
    this.recovery.request(RECOVER_DELAYS_MS[0]);
  }

  /** Full recomputations handed to this process's listeners (tests). */
  get resyncs(): number {
    return this.recovery.done;
  }

  publish(change: LiveChange): void {
    this.deliver(change);
    if (this.closed) return;
    if (this.subscribed) this.transmit(change);
    else this.hold(change);
  }

  private hold(change: LiveChange): void {
    this.held.push(change);
    if (this.held.length > HELD_MAX) this.held.splice(0, this.held.length - HELD_MAX);
  }

  /**
   * One change to the other processes, on the channels that carry it. A change is "recompute these scopes": their
   * order does not matter, so they are not serialised. A part that fails is held for the next subscription.
   */
  private transmit(change: LiveChange): void {
    this.log.record(change).catch((err: unknown) => this.onError(err));
    for (const part of route(change)) {
      const message = JSON.stringify({ from: this.id, change: part.change } satisfies Envelope);
      const sent =
        part.scope === null ? this.pub.publish(this.channel, message) : this.pub.spublish(this.scopeChannel(part.scope), message);
      sent.catch((err: unknown) => {
        this.onError(err);
        this.hold(part.change);
      });
    }
  }

  /** Publishes what was held while not subscribed. */
  private send(): void {
    if (!this.subscribed || this.closed) return;
    const held = this.held;
    this.held = [];
    for (const change of held) this.transmit(change);
  }

  /** Changes published by this process and not yet sent to Redis (tests, the health of the hub). */
  heldCount(): number {
    return this.held.length;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once this process receives what is published (tests, start-up). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.scopes.stop();
    this.recovery.stop();
    this.listeners.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
