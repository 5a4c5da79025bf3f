/**
 * Who a user may open a chat with (spec §6), and the one publication rule (spec §5 "Field publication") wherever a
 * person is shown to someone else: channels, the Start-a-chat search, the live activity, avatars.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Channel } from '@salon/shared/contracts/chat';
import type { LiveActivityState, RoomUser } from '@salon/shared/contracts/room';
import type { SearchPermission } from '@salon/shared/contracts/page-data';
import { encodeId } from '../../host-shell/server/lib/ids';
import { setParameter } from '../../host-shell/server/services/settings';
import { insertUser } from '../../host-shell/server/services/users';
import { countRows, createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { listen } from './sockets';
import { closeListening, openSse, type SseClient } from './sse';
import { anonymousCookie, logInAll } from './accounts';
import { XHR, form, request, visitStand } from './http';

let t: TestApp;
let base: string;
const cookies = { visitor: '', visitor2: '', exhibitor: '', exhibitor2: '', promoter: '', admin: '' };
const ids = { visitor: 0, visitor2: 0, exhibitor: 0, exhibitor2: 0, promoter: 0, admin: 0, hidden: 0, away: 0, private: 0 };
let solar: { id: number; key: string };
let nordic: { id: number; key: string };
const streams: SseClient[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  await logInAll(t, cookies, ids);
  ids.hidden = (await t.database.db.selectFrom('users').select('id').where('firstname', '=', 'Maja').executeTakeFirstOrThrow()).id; // hidden Nordic exhibitor
  // A visitor last seen 30 minutes ago (not connected), and one who publishes neither name.
  ids.away = await insertUser(t.database.db, {
    profile: 'visitor',
    anonymous: 0,
    email: 'away@salon.test',
    firstname: 'Anouk',
    lastname: 'Lointaine',
    locale: 'fr_FR',
  });
  ids.private = await insertUser(t.database.db, {
    profile: 'visitor',
    anonymous: 0,
    email: 'private@salon.test',
    firstname: 'Paul',
    lastname: 'Discretberg',
    fields_param: JSON.stringify({ firstname: '0', lastname: '1' }),
    locale: 'fr_FR',
  });
  solar = await standBySlug(t, 'stand-helios-solaire');
  nordic = await standBySlug(t, 'stand-nordic-robotics');
  const now = Date.now();
  for (const key of ['visitor', 'visitor2', 'exhibitor', 'hidden', 'admin', 'private'] as const)
    t.app.activity.touch(ids[key], now - MINUTE);
  for (const key of ['exhibitor2', 'promoter', 'away'] as const) t.app.activity.touch(ids[key], now - 30 * MINUTE);
}, 30_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await closeListening(t);
});

async function permissions(visitor: SearchPermission[], exhibitor: SearchPermission[] = []): Promise<void> {
  await setParameter(t.database.db, 'visitor_search_permissions', visitor);
  await setParameter(t.database.db, 'exhibitor_search_permissions', exhibitor);
  t.app.parameters.invalidate();
}

const openWith = (cookie: string, userId: number) =>
  request(t.app, { method: 'POST', url: '/api/chat/channels', headers: { ...XHR, cookie }, payload: { members: [encodeId(userId)] } });
const visit = (cookie: string, stand: string, payload: Record<string, boolean>) => visitStand(t.app, cookie, stand, payload);
async function forgetChannel(a: number, b: number): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  const channel = await t.database.db.selectFrom('channels').select('id').where('direct_key', '=', key).executeTakeFirst();
  if (!channel) return;
  await t.database.db.deleteFrom('messages').where('channel_id', '=', channel.id).execute();
  await t.database.db.deleteFrom('channel_members').where('channel_id', '=', channel.id).execute();
  await t.database.db.deleteFrom('channels').where('id', '=', channel.id).execute();
}
const channelCount = () => countRows(t, 'channels');

describe('POST /api/chat/channels {members}: only with someone the product shows the caller', () => {
  beforeEach(async () => {
    await permissions(['exhibitor', 'connected', 'stand_exhibitor'], ['visitor', 'exhibitor', 'connected', 'stand_vistor']);
  });

  it('refuses a hidden exhibitor, an organiser and a visitor who is not connected, as an unknown id (404), and creates nothing', async () => {
    const before = await channelCount();
    for (const other of [ids.hidden, ids.promoter, ids.away]) {
      const response = await openWith(cookies.visitor, other);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ data: { error: true, message: `Unknown user: ${encodeId(other)}` } });
    }
    expect(await channelCount()).toBe(before);
  });

  it("lets a visitor reach any stand's exhibitor (the contact point) and a connected visitor (the 'connected' permission)", async () => {
    expect((await openWith(cookies.visitor, ids.exhibitor2)).statusCode).toBe(200);
    expect((await openWith(cookies.visitor, ids.private)).statusCode).toBe(200);
  });

  it('follows the permission lists: without any, a visitor reaches exhibitors only', async () => {
    await permissions([]);
    await forgetChannel(ids.visitor, ids.visitor2);
    expect((await openWith(cookies.visitor, ids.visitor2)).statusCode).toBe(404);
    expect((await openWith(cookies.visitor, ids.exhibitor)).statusCode).toBe(200);
  });

  it('applies the stand-scoped permissions on the stand the caller is visiting', async () => {
    await permissions(['stand_connected'], []);
    await forgetChannel(ids.visitor, ids.visitor2);
    expect((await openWith(cookies.visitor, ids.visitor2)).statusCode).toBe(404);
    await visit(cookies.visitor, nordic.key, { start: true });
    await visit(cookies.visitor2, nordic.key, { start: true });
    try {
      expect((await openWith(cookies.visitor, ids.visitor2)).statusCode).toBe(200);
    } finally {
      await visit(cookies.visitor, nordic.key, { end: true });
      await visit(cookies.visitor2, nordic.key, { end: true });
    }
  });

  it('lets an exhibitor reach whoever visited one of their stands (the activity stream), even without permissions', async () => {
    await permissions([], []);
    await forgetChannel(ids.exhibitor, ids.away);
    expect((await openWith(cookies.exhibitor, ids.away)).statusCode).toBe(404);
    // A visit 40 minutes ago (the away visitor has no password to log in with).
    await t.database.db
      .insertInto('stand_visits')
      .values({
        user_id: ids.away,
        stand_id: solar.id,
        started_at: new Date(Date.now() - 40 * MINUTE).toISOString(),
        ended_at: new Date(Date.now() - 35 * MINUTE).toISOString(),
        ended_by: 'client',
      })
      .execute();
    expect((await openWith(cookies.exhibitor, ids.away)).statusCode).toBe(200);
  });

  it('lets organisers reach everyone, hidden profiles included', async () => {
    expect((await openWith(cookies.promoter, ids.hidden)).statusCode).toBe(200);
    expect((await openWith(cookies.admin, ids.away)).statusCode).toBe(200);
  });

  it('always reopens an existing channel, even once the other person is out of reach', async () => {
    await forgetChannel(ids.visitor, ids.visitor2);
    const first = (await openWith(cookies.visitor, ids.visitor2)).json().data.channel as Channel;
    await permissions([]);
    const again = await openWith(cookies.visitor, ids.visitor2);
    expect(again.statusCode).toBe(200);
    expect((again.json().data.channel as Channel).id_channel).toBe(first.id_channel);
  });

  it('still refuses anonymous visitors a new channel (403), and reopens one started with them', async () => {
    const anonymous = await anonymousCookie(t.app);
    const response = await openWith(anonymous, ids.exhibitor);
    expect(response.statusCode).toBe(403);
  });
});

describe('anonymous visitors (who can answer a chat, not start one) are offered only to the exhibitors of a stand they visit', () => {
  beforeEach(async () => {
    await permissions(['exhibitor', 'visitor', 'connected', 'stand_vistor'], ['visitor', 'exhibitor', 'connected', 'stand_vistor']);
  });

  it('leaves them out of Start a chat, for visitors, exhibitors and organisers alike, even while they are on the stand', async () => {
    const anonymous = await anonymousCookie(t.app);
    const anonymousId = (
      await t.database.db.selectFrom('users').select('id').where('anonymous', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    t.app.activity.touch(anonymousId, Date.now() - MINUTE);
    expect((await visit(anonymous, solar.key, { start: true })).statusCode).toBe(200);
    for (const cookie of [cookies.visitor, cookies.exhibitor, cookies.admin]) {
      const data = (await request(t.app, { method: 'GET', url: `/api/chat/users?stand_id=${solar.key}`, headers: { cookie } })).json().data;
      const everyone = [...data.on_stand, ...data.elsewhere] as RoomUser[];
      expect(everyone.length).toBeGreaterThan(0);
      expect(everyone.map((u) => u.id_user)).not.toContain(encodeId(anonymousId));
    }
    const before = await channelCount();
    for (const cookie of [cookies.visitor, cookies.visitor2, cookies.admin, cookies.exhibitor2]) {
      expect((await openWith(cookie, anonymousId)).statusCode).toBe(404);
    }
    expect(await channelCount()).toBe(before);
    // The stand's exhibitor sees them in the activity stream, and may start a chat they can answer.
    expect((await openWith(cookies.exhibitor, anonymousId)).statusCode).toBe(200);
    await visit(anonymous, solar.key, { end: true });
  });
});

describe('field publication: an unpublished last name is nowhere', () => {
  beforeEach(async () => {
    await permissions(['exhibitor', 'connected', 'stand_exhibitor'], ['visitor', 'exhibitor', 'connected', 'stand_vistor']);
  });

  const named = (users: RoomUser[] | undefined) => (users ?? []).find((u) => u.id_user === encodeId(ids.private));

  it('shows the published first name only, in the channel the other member sees', async () => {
    const channel = (await openWith(cookies.visitor, ids.private)).json().data.channel as Channel;
    const member = channel.members.find((m) => m.user.id_user === encodeId(ids.private));
    expect(member?.user.fullname).toBe('Paul');
    const listed = (await request(t.app, { method: 'GET', url: '/api/chat/channels', headers: { cookie: cookies.visitor } })).json().data
      .channels as Channel[];
    expect(JSON.stringify(listed)).not.toContain('Discretberg');
  });

  it('does not find them by their unpublished last name in Start a chat, and finds them by the published one', async () => {
    const search = async (q: string) =>
      (
        await request(t.app, {
          method: 'GET',
          url: `/api/chat/users?search=${encodeURIComponent(q)}`,
          headers: { cookie: cookies.visitor },
        })
      ).json().data;
    const byLast = await search('discretberg');
    expect([...byLast.on_stand, ...byLast.elsewhere]).toEqual([]);
    const byFirst = await search('paul');
    expect(named(byFirst.elsewhere)?.fullname).toBe('Paul');
  });

  it("keeps it out of the live activity's chat_users", async () => {
    const client = await openSse(`${base}/api/sse/live/activity`, { cookie: cookies.visitor });
    streams.push(client);
    const first = (await client.next()).data as LiveActivityState;
    expect(named(first.chat_users)?.fullname).toBe('Paul');
    expect(JSON.stringify(first)).not.toContain('Discretberg');
    client.close();
  });

  it('draws the avatar from the published names', async () => {
    const response = await request(t.app, { method: 'GET', url: `/media/avatars/${encodeId(ids.private)}.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('>P<');
    expect(response.body).not.toContain('PD');
  });
});

describe("the live activity's chat_users follow the search permissions", () => {
  const profiles = (state: LiveActivityState) => new Set((state.chat_users ?? []).map((u) => u.profile));

  it('lists for a visitor only the people their permissions find anywhere in the room; none when search is off', async () => {
    await permissions(['exhibitor'], ['visitor', 'exhibitor', 'promoter']);
    const visitorStream = await openSse(`${base}/api/sse/live/activity`, { cookie: cookies.visitor });
    const exhibitorStream = await openSse(`${base}/api/sse/live/activity`, { cookie: cookies.exhibitor });
    const organiserStream = await openSse(`${base}/api/sse/live/activity`, { cookie: cookies.promoter });
    streams.push(visitorStream, exhibitorStream, organiserStream);
    const forVisitor = (await visitorStream.next()).data as LiveActivityState;
    expect([...profiles(forVisitor)]).toEqual(['exhibitor']);
    expect(forVisitor.chat_users?.some((u) => u.id_user === encodeId(ids.hidden))).toBe(false);
    const forExhibitor = (await exhibitorStream.next()).data as LiveActivityState;
    expect(profiles(forExhibitor)).toEqual(new Set(['visitor', 'exhibitor', 'promoter', 'administrator']));
    const forOrganiser = (await organiserStream.next()).data as LiveActivityState;
    expect(forOrganiser.chat_users?.some((u) => u.id_user === encodeId(ids.private))).toBe(true);

    for (const s of [visitorStream, exhibitorStream, organiserStream]) s.close();
    await waitFor(() => (t.app.live.stats().streams === 0 ? true : undefined), 10_000, 'the streams to close');
    await permissions([]);
    const off = await openSse(`${base}/api/sse/live/activity`, { cookie: cookies.visitor2 });
    streams.push(off);
    expect(((await off.next()).data as LiveActivityState).chat_users).toEqual([]);
  });
});

describe('an exhibitor of no stand, by id enumeration as an attacker would', () => {
  it('is reached by nobody but the organisers, neither by a chat nor by their card, while the stands’ exhibitors still are', async () => {
    await permissions(['exhibitor', 'connected', 'stand_exhibitor'], ['visitor', 'exhibitor', 'connected', 'stand_vistor']);
    const standless = await insertUser(t.database.db, {
      profile: 'exhibitor',
      anonymous: 0,
      email: 'nouvel.exposant@salon.test',
      firstname: 'Noé',
      lastname: 'Sansstand',
      contact_email: 'noe.prive@salon.test',
      fields_param: JSON.stringify({ contact_email: '0' }), // published
      locale: 'fr_FR',
    });
    const registered = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...form({ email: 'curieux@example.com', password: 'long enough password', firstname: 'Cu', lastname: 'Rieux' }),
    });
    expect(registered.statusCode).toBe(303);
    const attacker = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const last = (
      await t.database.db
        .selectFrom('users')
        .select(({ fn }) => fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id as number;
    const reached: number[] = [];
    for (let id = 1; id <= last + 3; id += 1) {
      const response = await openWith(attacker, id);
      if (response.statusCode === 200) reached.push(id);
      else expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('noe.prive@salon.test');
      const card = await request(t.app, { method: 'GET', url: `/exposant/${encodeId(id)}/profil`, headers: { cookie: attacker } });
      expect(card.body).not.toContain('noe.prive@salon.test');
      if (id === standless) expect(card.statusCode).toBe(404);
    }
    expect(reached).not.toContain(standless);
    expect(reached).toEqual(expect.arrayContaining([ids.exhibitor, ids.exhibitor2]));
    // The organisers see them (to give them a stand), and they see their own card.
    expect((await openWith(cookies.admin, standless)).statusCode).toBe(200);
    const forAdmin = await request(t.app, {
      method: 'GET',
      url: `/exposant/${encodeId(standless)}/profil`,
      headers: { cookie: cookies.admin },
    });
    expect(forAdmin.statusCode).toBe(200);
  });
});
