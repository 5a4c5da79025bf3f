/** From changes (what the rest of the server says changed) to the scopes they touch. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { exScope, hisScope, newsScope, visScope, type LiveChange, type Scope } from './changes';

export class ChangeScopes {
  private exhibitorIndex: { until: number; value: Promise<Map<number, number[]>> } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The scopes a batch of changes touches; `watched` are the scopes some stream shows now. */
  async resolve(changes: LiveChange[], watched: Iterable<Scope>): Promise<Set<Scope>> {
    const scopes = new Set<Scope>();
    const users = new Set<number>();
    for (const change of changes) {
      switch (change.type) {
        case 'visitors':
          for (const id of change.standIds) scopes.add(visScope(id));
          break;
        case 'history':
          for (const id of change.standIds) scopes.add(hisScope(id));
          break;
        case 'exhibitors':
          if (change.links) this.exhibitorIndex = null;
          for (const id of change.standIds ?? []) scopes.add(exScope(id));
          for (const id of change.userIds ?? []) users.add(id);
          break;
        case 'presence':
          scopes.add('active');
          scopes.add('chat');
          for (const id of change.userIds) users.add(id);
          break;
        case 'notifications':
          if (change.userIds.length === 0) scopes.add('news');
          for (const id of change.userIds) scopes.add(newsScope(id));
          break;
        case 'settings':
          // The activity windows and search permissions are parameters too: what they decide is recomputed.
          scopes.add('settings').add('active').add('chat');
          for (const scope of watched) if (scope.startsWith('ex:')) scopes.add(scope);
          break;
      }
    }
    if (users.size > 0) {
      const index = await this.exhibitorStands();
      for (const user of users) for (const stand of index.get(user) ?? []) scopes.add(exScope(stand));
    }
    return scopes;
  }

  /**
   * Exhibitor → their stands, read again every 30 s, and after a change that says who exhibits where may have changed
   * (`links`: the back office's edits, an exhibitor's stands from a host's handoff, a read of everything again).
   */
  private exhibitorStands(): Promise<Map<number, number[]>> {
    const now = Date.now();
    if (this.exhibitorIndex && this.exhibitorIndex.until > now) return this.exhibitorIndex.value;
    const value = this.db
      .selectFrom('stand_exhibitors')
      .select(['user_id', 'stand_id'])
      .execute()
      .then((rows) => {
        const map = new Map<number, number[]>();
        for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.stand_id]);
        return map;
      });
    this.exhibitorIndex = { until: now + 30_000, value };
    value.catch(() => {
      if (this.exhibitorIndex?.value === value) this.exhibitorIndex = null;
    });
    return value;
  }
}
