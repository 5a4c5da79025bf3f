import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Channel, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { insertMessage } from '../../host-shell/server/services/chat-messages';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { type DEMO, anonymousCookie, logInAll } from './accounts';
import { ORIGIN, XHR, request } from './http';

let t: TestApp;
const cookies: Record<keyof typeof DEMO, string> = { visitor: '', visitor2: '', exhibitor: '', exhibitor2: '', promoter: '', admin: '' };
const ids: Record<keyof typeof DEMO, number> = { visitor: 0, visitor2: 0, exhibitor: 0, exhibitor2: 0, promoter: 0, admin: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await logInAll(t, cookies, ids);
  // A fresh app and six logins: seconds when the machine is busy.
}, 30_000);
afterAll(async () => {
  await t.close();
});

const post = (cookie: string, url: string, payload: unknown, headers: Record<string, string> = XHR) =>
  request(t.app, { method: 'POST', url, headers: { ...headers, cookie }, payload: payload as Record<string, unknown> });
const get = (cookie: string, url: string) => request(t.app, { method: 'GET', url, headers: { cookie } });
const openWith = (cookie: string, userId: number) => post(cookie, '/api/chat/channels', { members: [encodeId(userId)] });

/** The user's member id in a channel (from the channel's members). */
function memberOf(channel: Channel, userId: number): number {
  const member = channel.members.find((m) => m.user.id_user === encodeId(userId));
  if (!member) throw new Error(`user ${userId} is not a member`);
  return decodeId(member.id_member) ?? 0;
}

async function say(channel: Channel, userId: number, text: string, clientId: string | null = null): Promise<number> {
  const content: MessageContent = { type: 'message', text };
  const { row } = await insertMessage(t.database.db, {
    channelId: decodeId(channel.id_channel) ?? 0,
    memberId: memberOf(channel, userId),
    clientId,
    content,
  });
  return row.id;
}

describe('POST /api/chat/channels', () => {
  it('creates the 1-to-1 channel once, and answers the same channel from either side', async () => {
    const first = await openWith(cookies.visitor, ids.exhibitor);
    expect(first.statusCode).toBe(200);
    const { channel, messages } = first.json().data as { channel: Channel; messages: ChatMessage[] };
    expect(messages).toEqual([]);
    expect(channel).toMatchObject({ id_channel: expect.any(String), total_messages: 0, new_messages: 0, last_message: null });
    expect(channel.members.map((m) => m.user.id_user).sort()).toEqual([encodeId(ids.visitor), encodeId(ids.exhibitor)].sort());
    expect(channel.members.find((m) => m.user.id_user === encodeId(ids.exhibitor))?.user).toMatchObject({
      profile: 'exhibitor',
      company: { name: 'Helios Énergie' },
    });

    const again = (await openWith(cookies.visitor, ids.exhibitor)).json().data.channel as Channel;
    const fromOtherSide = (await openWith(cookies.exhibitor, ids.visitor)).json().data.channel as Channel;
    expect(again.id_channel).toBe(channel.id_channel);
    expect(fromOtherSide.id_channel).toBe(channel.id_channel);
    const rows = await t.database.db
      .selectFrom('channel_members')
      .select('user_id')
      .where('channel_id', '=', decodeId(channel.id_channel) ?? 0)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("gives each member's published phone and email (the contact email for exhibitors), and null for unpublished ones", async () => {
    const channel = (await openWith(cookies.visitor, ids.exhibitor)).json().data.channel as Channel;
    const exhibitor = await t.database.db
      .selectFrom('users')
      .select(['mobile', 'contact_email', 'fields_param'])
      .where('id', '=', ids.exhibitor)
      .executeTakeFirstOrThrow();
    const member = channel.members.find((m) => m.user.id_user === encodeId(ids.exhibitor));
    expect(member?.user).toMatchObject({ mobile: exhibitor.mobile, email: exhibitor.contact_email });

    await t.database.db
      .updateTable('users')
      .set({ fields_param: JSON.stringify({ mobile: '1', contact_email: '0' }) })
      .where('id', '=', ids.exhibitor)
      .execute();
    try {
      const again = (await openWith(cookies.visitor, ids.exhibitor)).json().data.channel as Channel;
      expect(again.members.find((m) => m.user.id_user === encodeId(ids.exhibitor))?.user).toMatchObject({
        mobile: null,
        email: exhibitor.contact_email,
      });
    } finally {
      await t.database.db.updateTable('users').set({ fields_param: exhibitor.fields_param }).where('id', '=', ids.exhibitor).execute();
    }
  });

  it('silently ignores a chat with oneself', async () => {
    const response = await openWith(cookies.visitor2, ids.visitor2);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { channel: null, messages: [] } });
    expect(
      await t.database.db.selectFrom('channels').select('id').where('direct_key', '=', `${ids.visitor2}:${ids.visitor2}`).execute(),
    ).toEqual([]);
  });

  it('reopens a channel by id for its members only', async () => {
    const channel = (await openWith(cookies.visitor, ids.exhibitor)).json().data.channel as Channel;
    const mine = await post(cookies.exhibitor, '/api/chat/channels', { id_channel: channel.id_channel });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.channel.id_channel).toBe(channel.id_channel);
    const foreign = await post(cookies.visitor2, '/api/chat/channels', { id_channel: channel.id_channel });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data).toEqual({ error: true, message: 'Unknown channel' });
  });

  it.each([
    ['an unknown user', { members: [encodeId(987654)] }, 404],
    ['a non-canonical id', { members: ['zzzzzz'] }, 404],
    ['a malformed id', { members: ['not-an-id'] }, 400],
    ['two members', { members: [encodeId(1), encodeId(2)] }, 400],
    ['no members', { members: [] }, 400],
    ['an unknown channel', { id_channel: encodeId(987654) }, 404],
    ['both forms at once', { members: [encodeId(1)], id_channel: encodeId(1) }, 400],
    ['an empty body', {}, 400],
  ])('answers %s', async (_case, payload, status) => {
    const response = await post(cookies.visitor, '/api/chat/channels', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().data.error).toBe(true);
  });

  it('lets an anonymous visitor answer a chat someone started, not start one', async () => {
    const anonymous = await anonymousCookie(t.app);
    const me = { id_user: decodeId((await get(anonymous, '/api/users/me')).json().data.user.id_user as string) as number };
    const refused = await openWith(anonymous, ids.exhibitor2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.message).toBe('Anonymous visitors cannot start a chat: log in or create an account');
    const french = await request(t.app, {
      method: 'POST',
      url: '/api/chat/channels',
      headers: { ...XHR, cookie: `${anonymous}; salon_locale=fr_FR` },
      payload: { members: [encodeId(ids.exhibitor2)] },
    });
    expect(french.json().data.message).toMatch(/^Les visiteurs anonymes ne peuvent pas démarrer une discussion/);

    // On the exhibitor's stand, they show in its activity stream: the exhibitor may start a chat with them.
    const nordic = await standBySlug(t, 'stand-nordic-robotics');
    await request(t.app, {
      method: 'POST',
      url: `/api/stands/${nordic.key}/visit`,
      headers: { ...XHR, cookie: anonymous },
      payload: { start: true },
    });
    const started = (await openWith(cookies.exhibitor2, me.id_user)).json().data.channel as Channel;
    await say(started, ids.exhibitor2, 'Bonjour, je peux vous aider ?');
    const answered = await openWith(anonymous, ids.exhibitor2);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.channel.id_channel).toBe(started.id_channel);
    expect(answered.json().data.messages.map((m: ChatMessage) => m.content)).toEqual([
      { type: 'message', text: 'Bonjour, je peux vous aider ?' },
    ]);
  });

  it('needs a session, X-Requested-With and this origin', async () => {
    expect(
      (await request(t.app, { method: 'POST', url: '/api/chat/channels', headers: XHR, payload: { members: [encodeId(ids.exhibitor)] } }))
        .statusCode,
    ).toBe(401);
    expect((await post(cookies.visitor, '/api/chat/channels', { members: [encodeId(ids.exhibitor)] }, {})).statusCode).toBe(403);
    expect(
      (
        await post(
          cookies.visitor,
          '/api/chat/channels',
          { members: [encodeId(ids.exhibitor)] },
          { ...XHR, origin: 'https://evil.example' },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await post(cookies.visitor, '/api/chat/channels', { members: [encodeId(ids.exhibitor)] }, { ...XHR, origin: ORIGIN })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/chat/channels/{id}/messages', () => {
  let channel: Channel;
  const sent: number[] = [];
  beforeAll(async () => {
    channel = (await openWith(cookies.visitor2, ids.exhibitor2)).json().data.channel as Channel;
    for (let i = 1; i <= 120; i += 1) sent.push(await say(channel, i % 2 ? ids.visitor2 : ids.exhibitor2, `message ${i}`));
  }, 30_000);
  const page = async (query = '', cookie = cookies.visitor2) => {
    const response = await get(cookie, `/api/chat/channels/${channel.id_channel}/messages${query}`);
    return {
      status: response.statusCode,
      body: response.json() as { data: { messages: ChatMessage[]; error?: boolean; message?: string } },
    };
  };
  const texts = (messages: ChatMessage[]) => messages.map((m) => (m.content.type === 'message' ? m.content.text : m.content.type));

  it('answers the latest 50, oldest first', async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    expect(texts(body.data.messages)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${71 + i}`));
    expect(body.data.messages[0]).toMatchObject({
      channel_id: channel.id_channel,
      client_id: null,
      updated_at: null,
      member: { user: { id_user: encodeId(ids.visitor2) } },
    });
  });

  it('answers what came after lastOne, oldest first, and the page before an id', async () => {
    const after = (await page(`?lastOne=${encodeId(sent[99] ?? 0)}`)).body.data.messages;
    expect(texts(after)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${101 + i}`));
    expect(texts((await page(`?lastOne=${encodeId(sent[9] ?? 0)}&limit=3`)).body.data.messages)).toEqual([
      'message 11',
      'message 12',
      'message 13',
    ]);
    // Catching up pages by 200 at most.
    expect((await page(`?lastOne=${encodeId(1)}`)).body.data.messages).toHaveLength(120);
    expect(texts((await page(`?before=${encodeId(sent[70] ?? 0)}&limit=5`)).body.data.messages)).toEqual([
      'message 66',
      'message 67',
      'message 68',
      'message 69',
      'message 70',
    ]);
    expect((await page(`?lastOne=${encodeId(sent[119] ?? 0)}`)).body.data.messages).toEqual([]);
  });

  it('is for members only: anyone else gets 404', async () => {
    for (const cookie of [cookies.visitor, cookies.exhibitor, cookies.admin]) {
      const { status, body } = await page('', cookie);
      expect(status).toBe(404);
      // In the user's language (the exhibitor's is French).
      expect(body.data).toEqual({ error: true, message: expect.stringMatching(/^(Unknown channel|Discussion inconnue)$/) });
    }
    for (const bad of ['zzzzzz', 'not-an-id', encodeId(987654)]) {
      expect((await get(cookies.visitor2, `/api/chat/channels/${bad}/messages`)).statusCode).toBe(404);
    }
  });

  it.each([
    ['lastOne and before together', `?lastOne=${encodeId(1)}&before=${encodeId(5)}`],
    ['a non-canonical lastOne', '?lastOne=zzzzzz'],
    ['a malformed before', '?before=1-2'],
    ['a limit above 200', '?limit=201'],
    ['a limit of 0', '?limit=0'],
    ['a fractional limit', '?limit=1.5'],
  ])('answers 400 for %s', async (_case, query) => {
    const { status, body } = await page(query);
    expect(status).toBe(400);
    expect(body.data.error).toBe(true);
  });
});

describe('GET /api/chat/channels and POST /api/chat/channels/{id}/read', () => {
  it('lists the channels with counts and last message, newest first, and read clears the counter', async () => {
    const promoter = cookies.promoter;
    const withAdmin = (await openWith(promoter, ids.admin)).json().data.channel as Channel;
    const withVisitor = (await openWith(promoter, ids.visitor)).json().data.channel as Channel;
    const empty = (await openWith(promoter, ids.exhibitor)).json().data.channel as Channel;
    await say(withVisitor, ids.visitor, 'first');
    await say(withAdmin, ids.admin, 'one');
    await say(withAdmin, ids.promoter, 'two');
    await say(withAdmin, ids.admin, 'three');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await say(withVisitor, ids.visitor, 'latest');

    const list = (await get(promoter, '/api/chat/channels')).json().data.channels as Channel[];
    expect(list.map((c) => c.id_channel)).toEqual([withVisitor.id_channel, withAdmin.id_channel, empty.id_channel]);
    expect(list.map((c) => [c.total_messages, c.new_messages])).toEqual([
      [2, 2],
      [3, 2],
      [0, 0],
    ]);
    expect(list[0]?.last_message?.content).toEqual({ type: 'message', text: 'latest' });
    expect(list[2]?.last_message).toBeNull();

    const read = await post(promoter, `/api/chat/channels/${withAdmin.id_channel}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { new_messages: 0 } });
    const after = (await get(promoter, '/api/chat/channels')).json().data.channels as Channel[];
    expect(after.find((c) => c.id_channel === withAdmin.id_channel)?.new_messages).toBe(0);
    // The other member's counter is their own.
    const admin = (await get(cookies.admin, '/api/chat/channels')).json().data.channels as Channel[];
    expect(admin.find((c) => c.id_channel === withAdmin.id_channel)).toMatchObject({ total_messages: 3, new_messages: 1 });

    expect((await post(cookies.visitor2, `/api/chat/channels/${withAdmin.id_channel}/read`, {})).statusCode).toBe(404);
    expect((await post(promoter, `/api/chat/channels/${withAdmin.id_channel}/read`, {}, {})).statusCode).toBe(403);
  });

  it('answers an empty list to a user without channels, and 401 without a session', async () => {
    const anonymous = await anonymousCookie(t.app);
    expect((await get(anonymous, '/api/chat/channels')).json()).toEqual({ data: { channels: [] } });
    expect((await request(t.app, { method: 'GET', url: '/api/chat/channels' })).statusCode).toBe(401);
  });

  it('returns stored text verbatim, as data', async () => {
    const channel = (await openWith(cookies.admin, ids.visitor2)).json().data.channel as Channel;
    const text = '<script>alert("x")</script> <img src=x onerror=alert(1)> &amp; "quotes"\n\tsecond line';
    await say(channel, ids.admin, text);
    const response = await get(cookies.visitor2, `/api/chat/channels/${channel.id_channel}/messages`);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().data.messages[0].content).toEqual({ type: 'message', text });
  });
});

describe('the OpenAPI document', () => {
  it('lists the chat calls, the upload as multipart', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const path of [
      '/api/chat/channels',
      '/api/chat/channels/{id}/messages',
      '/api/chat/channels/{id}/read',
      '/api/chat/users',
      '/api/stands/{id}/history',
      '/api/exhibitors/me/availability',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/chat/channels/{id}/messages/upload']?.post?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(doc.paths['/chat/file/{filename}']?.get).toBeDefined();
  });
});
