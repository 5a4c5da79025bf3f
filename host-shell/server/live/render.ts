/**
 * The bytes of the live activity: which fields a stream's scopes make, and the events that carry them (whole, or as
 * deltas for an open stream), built from shared fragments so that streams of one flush share their strings.
 */
import { LIVE_ACTIVITY_FIELDS, type LiveActivityField } from '@salon/shared/contracts/live-fields';
import { LIVE_NOTIFICATIONS_EVENT, LIVE_NOTIFICATIONS_LIMIT } from '@salon/shared/contracts/notifications';
import { LIVE_ACTIVITY_EVENT } from '@salon/shared/contracts/room';
import { LIVE_SETTINGS_EVENT } from '@salon/shared/contracts/settings';
import { encodeId } from '../lib/ids';
import { exScope, hisScope, newsScope, visScope, type Scope } from './changes';
import { chatDelta, visitorsDelta } from './deltas';
import type { NewsItem, Piece } from './state';
import type { LiveStream, StreamSpec } from './stream';

export type Field = LiveActivityField;
const FIELD_ORDER: readonly Field[] = LIVE_ACTIVITY_FIELDS;

export const frame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_ACTIVITY_EVENT}\ndata: ${data}\n\n`;
/** Spec §4.7: the user's newest notifications, a list, as an event of its own on the same stream. */
export const newsFrame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_NOTIFICATIONS_EVENT}\ndata: ${data}\n\n`;
/** The salon's settings (parameters, feature flags, live stream): one frame text for every stream of a flush. */
export const settingsFrame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_SETTINGS_EVENT}\ndata: ${data}\n\n`;

/** What an open stream already has: the scopes changed by this flush and their values before it. */
export interface DeltaBase {
  changed: Set<Scope>;
  previous: Map<Scope, Piece | undefined>;
}

const newestFirst = (a: NewsItem, b: NewsItem): number => (a.sentAt === b.sentAt ? b.id - a.id : a.sentAt < b.sentAt ? 1 : -1);

/** A `liveActivity` event when fields changed, then a notifications event, then a settings event, when they changed. */
export function frames(
  id: number,
  stream: LiveStream,
  fields: Field[],
  news: boolean,
  settings: boolean,
  pieces: Map<Scope, Piece>,
  memo: Map<string, string>,
  chatLimit: number,
  delta?: DeltaBase,
): string {
  const body = fields.length > 0 ? render(stream, fields, pieces, memo, chatLimit, delta) : null;
  const activity = body === null ? '' : frame(id, body);
  const withNews = news ? activity + newsFrame(id, renderNews(stream, pieces, memo)) : activity;
  return settings ? withNews + renderSettings(id, pieces, memo) : withNews;
}

/** The settings frame, built once per flush and shared by every stream. */
function renderSettings(id: number, pieces: Map<Scope, Piece>, memo: Map<string, string>): string {
  const key = `s|${id}`;
  let shared = memo.get(key);
  if (shared === undefined) {
    const piece = pieces.get('settings');
    if (!piece || piece.kind !== 'settings') throw new Error('live activity: no settings value');
    shared = settingsFrame(id, piece.json);
    memo.set(key, shared);
  }
  return shared;
}

/** The public notifications merged with the user's own, newest first; shared by every stream without their own. */
function renderNews(stream: LiveStream, pieces: Map<Scope, Piece>, memo: Map<string, string>): string {
  const piece = (scope: Scope): Extract<Piece, { kind: 'news' }> => {
    const found = pieces.get(scope);
    if (!found || found.kind !== 'news') throw new Error(`live activity: no news value for ${scope}`);
    return found;
  };
  const all = piece('news');
  const own = piece(newsScope(stream.spec.userId));
  if (own.items.length === 0) {
    let shared = memo.get('n|');
    if (shared === undefined) {
      shared = all.json;
      memo.set('n|', shared);
    }
    return shared;
  }
  const merged = [...all.items, ...own.items].sort(newestFirst).slice(0, LIVE_NOTIFICATIONS_LIMIT);
  return `[${merged.map((item) => item.json).join(',')}]`;
}

/** The fields a set of scopes affects, for one stream (all of its fields when `full`). */
export function fieldsOf(spec: StreamSpec, scopes: Scope[], full: boolean): Field[] {
  const fields = new Set<Field>();
  if (full) {
    fields.add('visited_stand_id').add('visited_stand_availability').add('visited_stand_animators');
    if (!spec.anonymous)
      fields.add('active_users').add('owned_stands_users').add('owned_stands_exhibitors').add('histories').add('chat_users');
  } else {
    for (const scope of scopes) {
      if (scope === 'active') fields.add('active_users');
      else if (scope === 'chat') fields.add('chat_users');
      else if (scope.startsWith('vis:')) fields.add('owned_stands_users');
      else if (scope.startsWith('his:')) fields.add('histories');
      else if (scope.startsWith('ex:')) {
        const standId = Number(scope.slice(3));
        if (standId === spec.visited) fields.add('visited_stand_availability').add('visited_stand_animators');
        if (spec.owned.includes(standId)) fields.add('owned_stands_exhibitors');
      }
    }
  }
  return FIELD_ORDER.filter((f) => fields.has(f));
}

/** The fields plus those of the visited stand (a few hundred bytes), in their order. */
export function withVisited(fields: Field[]): Field[] {
  const all = new Set<Field>([...fields, 'visited_stand_id', 'visited_stand_availability', 'visited_stand_animators']);
  return FIELD_ORDER.filter((f) => all.has(f));
}

/** The scopes whose values the fields are made of. */
export function scopesFor(spec: StreamSpec, fields: Field[]): Scope[] {
  const { visited, owned } = spec;
  return fields.flatMap((field): Scope[] => {
    switch (field) {
      case 'active_users':
        return ['active'];
      case 'chat_users':
        return ['chat'];
      case 'visited_stand_availability':
      case 'visited_stand_animators':
        return visited === null ? [] : [exScope(visited)];
      case 'owned_stands_users':
        return owned.map(visScope);
      case 'owned_stands_exhibitors':
        return owned.map(exScope);
      case 'histories':
        return owned.map(hisScope);
      case 'visited_stand_id':
        return [];
    }
  });
}

/**
 * `{"field":value,…}` by concatenating shared fragments; `memo` shares them between streams of one flush. With
 * `delta` (an open stream), the lists go out as deltas, and null when none of the fields changed for this stream.
 */
function render(
  stream: LiveStream,
  fields: Field[],
  pieces: Map<Scope, Piece>,
  memo: Map<string, string>,
  chatLimit: number,
  delta?: DeltaBase,
): string | null {
  const { spec } = stream;
  const get = <K extends Piece['kind']>(scope: Scope, kind: K): Extract<Piece, { kind: K }> => {
    const piece = pieces.get(scope);
    if (!piece || piece.kind !== kind) throw new Error(`live activity: no ${kind} value for ${scope}`);
    return piece as Extract<Piece, { kind: K }>;
  };
  const shared = (key: string, make: () => string): string => {
    let value = memo.get(key);
    if (value === undefined) {
      value = make();
      memo.set(key, value);
    }
    return value;
  };
  const byOwned = (make: (standId: number) => string) => `{${spec.owned.map((id) => `"${encodeId(id)}":${make(id)}`).join(',')}}`;

  const parts = fields.map((field) => {
    let value: string;
    switch (field) {
      case 'active_users':
        value = get('active', 'active').json;
        break;
      case 'visited_stand_id':
        value = spec.visited === null ? 'null' : `"${encodeId(spec.visited)}"`;
        break;
      case 'visited_stand_availability':
        value = spec.visited === null ? 'null' : String(get(exScope(spec.visited), 'ex').available);
        break;
      case 'visited_stand_animators': {
        const visited = spec.visited;
        value =
          visited === null ? '{}' : shared(`va|${visited}`, () => `{"${encodeId(visited)}":${get(exScope(visited), 'ex').animators}}`);
        break;
      }
      case 'owned_stands_users': {
        const changedStands = delta ? spec.owned.filter((id) => delta.changed.has(visScope(id))) : [];
        // Whole when the stream may not have a stand's previous list (it was not computed before this flush).
        if (delta && changedStands.every((id) => delta.previous.get(visScope(id))?.kind === 'vis')) {
          const parts = changedStands.flatMap((id) => {
            const before = delta.previous.get(visScope(id)) as Extract<Piece, { kind: 'vis' }>;
            const one = shared(`vd|${id}`, () => visitorsDelta(before.list, get(visScope(id), 'vis').list) ?? '');
            return one === '' ? [] : [`"${encodeId(id)}":${one}`];
          });
          return parts.length === 0 ? null : `"owned_stands_users_delta":{${parts.join(',')}}`;
        }
        value = shared(`ou|${stream.ownedKey}`, () => byOwned((id) => get(visScope(id), 'vis').json));
        break;
      }
      case 'histories':
        value = shared(`h|${stream.ownedKey}`, () => byOwned((id) => get(hisScope(id), 'his').json));
        break;
      case 'owned_stands_exhibitors': {
        // "Other exhibitors": the stream's own user is left out, which only matters when they are listed.
        const self = spec.userId;
        const listed = spec.owned.some((id) => get(exScope(id), 'ex').availableItems.some((item) => item.id === self));
        value = shared(`oe|${stream.ownedKey}|${listed ? self : ''}`, () =>
          byOwned(
            (id) =>
              `[${get(exScope(id), 'ex')
                .availableItems.filter((item) => item.id !== self)
                .map((item) => item.json)
                .join(',')}]`,
          ),
        );
        break;
      }
      case 'chat_users': {
        const searchClass = spec.searchClass;
        if (searchClass === null) {
          value = '[]';
          break;
        }
        const chat = get('chat', 'chat').lists[searchClass];
        const position = chat.index.get(spec.userId);
        const limit = chatLimit;
        const previousChat = delta?.previous.get('chat');
        if (delta && previousChat?.kind === 'chat') {
          const before = previousChat.lists[searchClass];
          // Shared by every stream whose own user is in neither list.
          const self = position !== undefined || before.index.has(spec.userId) ? spec.userId : '';
          const one = shared(`cd|${searchClass}|${self}`, () => chatDelta(before, chat, spec.userId, limit) ?? '');
          return one === '' ? null : `"chat_users_delta":${one}`;
        }
        value =
          position === undefined
            ? shared(`c|${searchClass}`, () => `[${chat.items.slice(0, limit).join(',')}]`)
            : shared(
                `c|${searchClass}|${spec.userId}`,
                () =>
                  `[${chat.items
                    .filter((_, i) => i !== position)
                    .slice(0, limit)
                    .join(',')}]`,
              );
        break;
      }
    }
    return `"${field}":${value}`;
  });
  const sent = parts.filter((part): part is string => part !== null);
  return sent.length === 0 ? null : `{${sent.join(',')}}`;
}

/**
 * Writes the changed fields to the streams that show them. Streams that are ready have the previous values: the
 * chat users and the owned stands' visitors go out as deltas from the previous lists (`previous`), the rest whole.
 */
