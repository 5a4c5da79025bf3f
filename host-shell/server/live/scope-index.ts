import type { Scope } from './changes';
import type { LiveStream } from './stream';

/** Which of this process's streams show each scope: a flush writes to those its changes touch, not to every stream. */
export class ScopeIndex {
  private readonly byScope = new Map<Scope, Set<LiveStream>>();

  /** Files the stream under each of its scopes; returns the scopes no stream showed before. */
  add(stream: LiveStream): Scope[] {
    const first: Scope[] = [];
    for (const scope of stream.scopes) {
      const showing = this.byScope.get(scope);
      if (showing) showing.add(stream);
      else {
        this.byScope.set(scope, new Set([stream]));
        first.push(scope);
      }
    }
    return first;
  }

  /** Takes the stream out; returns the scopes no stream shows any more. */
  remove(stream: LiveStream): Scope[] {
    const last: Scope[] = [];
    for (const scope of stream.scopes) {
      const showing = this.byScope.get(scope);
      if (!showing?.delete(stream) || showing.size > 0) continue;
      this.byScope.delete(scope);
      last.push(scope);
    }
    return last;
  }

  has(scope: Scope): boolean {
    return this.byScope.has(scope);
  }

  scopes(): IterableIterator<Scope> {
    return this.byScope.keys();
  }

  get size(): number {
    return this.byScope.size;
  }

  /** The streams showing any of these scopes. */
  showing(scopes: Set<Scope>): Set<LiveStream> {
    const streams = new Set<LiveStream>();
    for (const scope of scopes) for (const stream of this.byScope.get(scope) ?? []) streams.add(stream);
    return streams;
  }
}
