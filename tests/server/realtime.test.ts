import { beforeAll, describe, expect, it } from '@jest/globals';
import { CHAT_FILE_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH, type Channel } from '@salon/shared/contracts/chat';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, type TestApp } from './helpers';
import { ask, collect, connect, listen, messageOf, settle, type ClientSocket } from './sockets';
import { closeAfterTests } from './sse';
import { PDF, multipart } from './uploads';
import { memberOf, openChannel } from './chat';
import { DEMO, logInAll, login } from './accounts';
import { XHR, request } from './http';

let t: TestApp;
let base: string;
const cookies = { visitor: '', visitor2: '', exhibitor: '', exhibitor2: '' };
const ids = { visitor: 0, visitor2: 0, exhibitor: 0, exhibitor2: 0 };
let channel: Channel;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  await logInAll(t, cookies, ids);
  channel = await open(cookies.visitor, ids.exhibitor);
}, 30_000);
closeAfterTests(() => t);

const open = (cookie: string, userId: number) => openChannel(t.app, cookie, userId);
let counter = 0;
const clientId = () => `client-${Date.now()}-${(counter += 1)}`;
const send = (socket: ClientSocket, content: unknown, options: { channel?: Channel; as?: number; client_id?: string } = {}) => {
  const c = options.channel ?? channel;
  return ask(socket, 'new_chat_message', {
    channel_id: c.id_channel,
    member_id: memberOf(c, options.as ?? ids.visitor),
    client_id: options.client_id ?? clientId(),
    content,
  });
};
const rowsOf = (c: Channel) =>
  t.database.db
    .selectFrom('messages')
    .selectAll()
    .where('channel_id', '=', decodeId(c.id_channel) ?? 0)
    .orderBy('id')
    .execute();

describe('the handshake', () => {
  it('connects with the session cookie and this origin, over WebSocket and polling', async () => {
    for (const transports of [['websocket'], ['polling']] as const) {
      const socket = await connect(base, { cookie: cookies.visitor, transports: [...transports] });
      expect(socket.connected).toBe(true);
    }
    // A same-origin polling GET may come without Origin.
    expect((await connect(base, { cookie: cookies.visitor, origin: null, transports: ['polling'] })).connected).toBe(true);
  });

  it('refuses a foreign Origin, even with a valid session', async () => {
    const refused = connect(base, { cookie: cookies.visitor, origin: 'https://evil.example' });
    await expect(refused).rejects.toMatchObject({
      message: expect.stringMatching(/^Cross-origin connection refused/),
      data: { status: 403 },
    });
    await expect(connect(base, { cookie: cookies.visitor, origin: 'https://evil.example', transports: ['polling'] })).rejects.toMatchObject(
      { data: { status: 403 } },
    );
  });

  it('refuses a connection without a session, or with an unknown one', async () => {
    await expect(connect(base, {})).rejects.toMatchObject({
      message: 'Not authenticated: open /salon or log in first',
      data: { status: 401 },
    });
    await expect(connect(base, { cookie: `salon_session=${'x'.repeat(43)}` })).rejects.toMatchObject({ data: { status: 401 } });
  });
});

describe('logout', () => {
  it('closes the sockets of that session only', async () => {
    const [first, second] = [await login(t.app, DEMO.visitor2), await login(t.app, DEMO.visitor2)];
    const leaving = await connect(base, { cookie: first });
    const staying = await connect(base, { cookie: second });
    const closed = new Promise<string>((resolve) => leaving.once('disconnect', (reason) => resolve(reason)));
    await request(t.app, { method: 'GET', url: '/deconnexion', headers: { cookie: first } });
    expect(await closed).toBe('io server disconnect');
    await settle();
    expect(staying.connected).toBe(true);
    await expect(connect(base, { cookie: first })).rejects.toMatchObject({ data: { status: 401 } });
  });
});

describe('new_chat_message', () => {
  it('stores, acknowledges, then sends to the channel: the other member and the sender’s other tabs, nobody else', async () => {
    const sender = await connect(base, { cookie: cookies.visitor });
    const otherTab = await connect(base, { cookie: cookies.visitor });
    const member = await connect(base, { cookie: cookies.exhibitor });
    const stranger = await connect(base, { cookie: cookies.visitor2 });
    const [atSender, atOtherTab, atMember, atStranger] = [sender, otherTab, member, stranger].map((s) => collect(s, 'new_chat_message'));

    const id = clientId();
    const answer = await send(sender, { type: 'message', text: '  Bonjour, vous êtes disponible ?  ' }, { client_id: id });
    expect(answer).toEqual({
      ok: true,
      message: expect.objectContaining({
        channel_id: channel.id_channel,
        client_id: id,
        content: { type: 'message', text: 'Bonjour, vous êtes disponible ?' },
      }),
    });
    const message = messageOf(answer);
    expect(message.member).toEqual({
      id_member: memberOf(channel, ids.visitor),
      user: expect.objectContaining({ id_user: encodeId(ids.visitor), fullname: 'Léa Moreau' }),
    });
    await settle();
    expect(atMember).toEqual([message]);
    expect(atOtherTab).toEqual([message]);
    expect(atSender).toEqual([]);
    expect(atStranger).toEqual([]);
    expect((await rowsOf(channel)).at(-1)).toMatchObject({ id: decodeId(message.id_message), client_id: id });
    // Counted for /metrics (ops/metrics.ts), with the sockets open now.
    const metrics = (await request(t.app, { method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^salon_chat_acks_total\{event="new_chat_message",result="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^salon_sockets [4-9]/m);
  });

  it('stores a retried message once (same client_id), answers the stored one and tells the others again', async () => {
    const sender = await connect(base, { cookie: cookies.visitor });
    const member = await connect(base, { cookie: cookies.exhibitor });
    const atMember = collect(member, 'new_chat_message');
    const id = clientId();
    const first = { message: messageOf(await send(sender, { type: 'message', text: 'once' }, { client_id: id })) };
    const retry = { message: messageOf(await send(sender, { type: 'message', text: 'once' }, { client_id: id })) };
    const { member: _a, ...stored } = first.message;
    const { member: _b, ...answered } = retry.message;
    expect(answered).toEqual(stored);
    expect((await rowsOf(channel)).filter((r) => r.client_id === id)).toHaveLength(1);
    await settle();
    // Told again: the first attempt may have been stored and cut off before telling anyone.
    expect(atMember.map((m) => m.id_message)).toEqual([first.message.id_message, first.message.id_message]);
  });

  it('takes a message with only the spec’s fields (no client_id): stored, not deduplicated', async () => {
    const sender = await connect(base, { cookie: cookies.visitor });
    const bare = { channel_id: channel.id_channel, member_id: memberOf(channel, ids.visitor), content: { type: 'message', text: 'bare' } };
    const first = messageOf(await ask(sender, 'new_chat_message', bare));
    const second = messageOf(await ask(sender, 'new_chat_message', bare));
    expect(first.content).toEqual({ type: 'message', text: 'bare' });
    expect(second.id_message).not.toBe(first.id_message);
    expect((await rowsOf(channel)).filter((r) => r.content.includes('"bare"')).map((r) => r.client_id)).toEqual([null, null]);
  });

  it('keeps HTML and script as data: stored and returned verbatim', async () => {
    const sender = await connect(base, { cookie: cookies.exhibitor });
    const text = '<script>alert(document.cookie)</script><img src=x onerror="alert(1)"> & &lt; </textarea>';
    const answer = { message: messageOf(await send(sender, { type: 'message', text }, { as: ids.exhibitor })) };
    expect(answer.message.content).toEqual({ type: 'message', text });
    expect(JSON.parse((await rowsOf(channel)).at(-1)?.content ?? '{}')).toEqual({ type: 'message', text });
    const page = await request(t.app, {
      method: 'GET',
      url: `/api/chat/channels/${channel.id_channel}/messages`,
      headers: { cookie: cookies.visitor },
    });
    expect(page.json().data.messages.at(-1).content).toEqual({ type: 'message', text });
  });

  it('refuses a channel of others, and a member id that is not the sender’s', async () => {
    const stranger = await connect(base, { cookie: cookies.visitor2 });
    expect(await send(stranger, { type: 'message', text: 'hello' }, { as: ids.visitor })).toEqual({ ok: false, error: 'Unknown channel' });
    const sender = await connect(base, { cookie: cookies.visitor });
    // The exhibitor's member id, sent by the visitor.
    expect(await send(sender, { type: 'message', text: 'hello' }, { as: ids.exhibitor })).toEqual({ ok: false, error: 'Unknown channel' });
    expect(
      await ask(sender, 'new_chat_message', {
        channel_id: encodeId(987654),
        member_id: memberOf(channel, ids.visitor),
        client_id: 'x',
        content: { type: 'message', text: 'x' },
      }),
    ).toEqual({
      ok: false,
      error: 'Unknown channel',
    });
  });

  it.each([
    ['an empty text', { type: 'message', text: '   \n ' }, 'The message is empty'],
    [
      'a text too long',
      { type: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) },
      `The message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
    ],
    ['a text that is not a string', { type: 'message', text: 42 }, '"content.text" must be a string'],
    ['an unknown type', { type: 'poll', question: '?' }, 'Unknown message type'],
    [
      'a file sent over the socket',
      {
        type: 'file',
        url: 'https://evil.example/x.exe',
        filename: 'x',
        prettyName: 'x',
        extension: 'exe',
        downloadable: true,
        size: 1,
        mime: 'x',
      },
      'Files are sent with the upload call',
    ],
    ['no content', undefined, 'Invalid event: "content" is required'],
    ['a content without type', { text: 'hi' }, '"content" must be an object with a type'],
  ])('refuses %s', async (_case, content, error) => {
    const sender = await connect(base, { cookie: cookies.visitor });
    const before = (await rowsOf(channel)).length;
    expect(await send(sender, content)).toEqual({ ok: false, error });
    expect(await rowsOf(channel)).toHaveLength(before);
  });

  it('accepts a text of exactly the maximum length, and refuses malformed events', async () => {
    const sender = await connect(base, { cookie: cookies.visitor });
    expect((await send(sender, { type: 'message', text: 'é'.repeat(CHAT_MESSAGE_MAX_LENGTH) })).ok).toBe(true);
    const answer = await ask(sender, 'new_chat_message', { channel_id: channel.id_channel, client_id: '' });
    expect(answer).toEqual({ ok: false, error: expect.stringMatching(/^Invalid event: .*"member_id" is required/) });
    expect(await ask(sender, 'new_chat_message', 'not an object')).toEqual({ ok: false, error: expect.stringMatching(/^Invalid event/) });
  });

  it('answers in the user’s language', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    expect(await send(exhibitor, { type: 'message', text: ' ' }, { as: ids.exhibitor })).toEqual({
      ok: false,
      error: 'Le message est vide',
    });
  });

  it('reaches the other member of a channel created after both connected', async () => {
    const visitor2 = await connect(base, { cookie: cookies.visitor2 });
    const exhibitor2 = await connect(base, { cookie: cookies.exhibitor2 });
    const heard = collect(exhibitor2, 'new_chat_message');
    const fresh = await open(cookies.visitor2, ids.exhibitor2);
    const answer = await send(visitor2, { type: 'message', text: 'first words' }, { channel: fresh, as: ids.visitor2 });
    expect(answer.ok).toBe(true);
    await settle();
    expect(heard.map((m) => m.content)).toEqual([{ type: 'message', text: 'first words' }]);
  });

  it('shares only the sender’s own published contact details', async () => {
    const sender = await connect(base, { cookie: cookies.visitor });
    // What the client claims is ignored; the visitor's mobile is not published (demo fields_param).
    const answer = {
      message: messageOf(await send(sender, { type: 'contact_details', email: 'someone@else.example', mobile: '0600000000' })),
    };
    expect(answer.message.content).toEqual({ type: 'contact_details', firstname: 'Léa', lastname: 'Moreau', email: 'visiteur@salon.test' });
    await t.database.db
      .updateTable('users')
      .set({ fields_param: JSON.stringify({ firstname: '1', lastname: '1', email: '1', mobile: '1' }) })
      .where('id', '=', ids.visitor2)
      .execute();
    const shy = await connect(base, { cookie: cookies.visitor2 });
    const withShy = await open(cookies.visitor2, ids.exhibitor);
    expect(await send(shy, { type: 'contact_details' }, { channel: withShy, as: ids.visitor2 })).toEqual({
      ok: false,
      error: 'Your contact details are missing',
    });
  });
});

describe('video invitations', () => {
  it('are sent by exhibitors with a published video link, with their own link', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const answer = {
      message: messageOf(
        await send(exhibitor, { type: 'visio_invitation', link: 'https://evil.example/phish', acceptation: true }, { as: ids.exhibitor }),
      ),
    };
    expect(answer.message.content).toEqual({
      type: 'visio_invitation',
      link: 'https://meet.example.com/helios-energie-claire-fontaine',
      acceptation: null,
    });
    const visitor = await connect(base, { cookie: cookies.visitor });
    expect(await send(visitor, { type: 'visio_invitation', link: 'https://x.example', acceptation: null })).toEqual({
      ok: false,
      error: 'Only exhibitors can invite to a video call',
    });
    // An unpublished link is a missing link.
    await t.database.db
      .updateTable('users')
      .set({ fields_param: JSON.stringify({ visio_link: '1' }) })
      .where('id', '=', ids.exhibitor2)
      .execute();
    const withExhibitor2 = await open(cookies.visitor, ids.exhibitor2);
    const exhibitor2 = await connect(base, { cookie: cookies.exhibitor2 });
    expect(
      await send(exhibitor2, { type: 'visio_invitation', link: '', acceptation: null }, { channel: withExhibitor2, as: ids.exhibitor2 }),
    ).toEqual({
      ok: false,
      error: 'Lien Visio manquant pour l’utilisateur',
    });
  });

  it('are answered by the invitee only, once; both sides hear the answer', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const visitor = await connect(base, { cookie: cookies.visitor });
    const atExhibitor = collect(exhibitor, 'update_chat_message');
    const invitation = messageOf(await send(exhibitor, { type: 'visio_invitation' }, { as: ids.exhibitor }));
    const answer = (update: { message_id?: string; acceptation?: unknown; channel_id?: string }, socket = visitor) =>
      ask(socket, 'update_chat_message', {
        channel_id: channel.id_channel,
        message_id: invitation.id_message,
        acceptation: true,
        ...update,
      });

    expect(await answer({}, exhibitor)).toEqual({ ok: false, error: 'Seul l’invité peut répondre à cette invitation' });
    const stranger = await connect(base, { cookie: cookies.visitor2 });
    expect(await answer({}, stranger)).toEqual({ ok: false, error: 'Unknown channel' });
    expect(await answer({ acceptation: 'yes' })).toEqual({ ok: false, error: expect.stringMatching(/^Invalid event: "acceptation"/) });

    const accepted = await answer({ acceptation: false });
    expect(accepted).toEqual({
      ok: true,
      message: expect.objectContaining({
        id_message: invitation.id_message,
        updated_at: expect.any(String),
        content: { ...invitation.content, acceptation: false },
      }),
    });
    expect(messageOf(accepted).member.id_member).toBe(memberOf(channel, ids.exhibitor));
    await settle();
    expect(atExhibitor).toEqual([messageOf(accepted)]);
    expect(await answer({ acceptation: true })).toEqual({ ok: false, error: 'This invitation has already been answered' });

    const text = messageOf(await send(exhibitor, { type: 'message', text: 'not an invitation' }, { as: ids.exhibitor }));
    expect(await answer({ message_id: text.id_message })).toEqual({ ok: false, error: 'Only a video invitation can be answered' });
    expect(await answer({ message_id: encodeId(987654) })).toEqual({ ok: false, error: 'Unknown message' });
  });

  it('cannot be answered once unanswered: more than a minute after they were sent (spec §4.5)', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const visitor = await connect(base, { cookie: cookies.visitor });
    const answer = (message_id: string) =>
      ask(visitor, 'update_chat_message', { channel_id: channel.id_channel, message_id, acceptation: true });
    const sentAt = (id: string, msAgo: number) =>
      t.database.db
        .updateTable('messages')
        .set({ created_at: new Date(Date.now() - msAgo).toISOString() })
        .where('id', '=', decodeId(id) ?? 0)
        .execute();

    const late = messageOf(await send(exhibitor, { type: 'visio_invitation' }, { as: ids.exhibitor }));
    await sentAt(late.id_message, 61_000);
    expect(await answer(late.id_message)).toEqual({ ok: false, error: 'This invitation has expired: the sender can invite you again' });
    const stored = await t.database.db
      .selectFrom('messages')
      .select('content')
      .where('id', '=', decodeId(late.id_message) ?? 0)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.content)).toMatchObject({ acceptation: null });

    const inTime = messageOf(await send(exhibitor, { type: 'visio_invitation' }, { as: ids.exhibitor }));
    await sentAt(inTime.id_message, 55_000);
    expect(await answer(inTime.id_message)).toMatchObject({ ok: true });
  });
});

describe('user_writing', () => {
  it('is relayed to the other members with the writer’s name, at most once a second per socket and channel', async () => {
    const writer = await connect(base, { cookie: cookies.visitor });
    const writerTab = await connect(base, { cookie: cookies.visitor });
    const member = await connect(base, { cookie: cookies.exhibitor });
    const stranger = await connect(base, { cookie: cookies.visitor2 });
    const [atTab, atMember, atStranger] = [writerTab, member, stranger].map((s) => collect(s, 'user_writing'));
    writer.emit('user_writing', { channel_id: channel.id_channel });
    writer.emit('user_writing', { channel_id: channel.id_channel });
    writer.emit('user_writing', { channel_id: channel.id_channel });
    await settle(300);
    expect(atMember).toEqual([{ channel_id: channel.id_channel, user_id: encodeId(ids.visitor), fullname: 'lea_m' }]);
    expect(atTab).toEqual([]);
    expect(atStranger).toEqual([]);
    await settle(900);
    writer.emit('user_writing', { channel_id: channel.id_channel });
    await settle();
    expect(atMember).toHaveLength(2);
  });

  it('names the writer by their published names only (spec §5 "Field publication")', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select(['pseudo', 'firstname', 'lastname', 'fields_param'])
      .where('id', '=', ids.visitor2)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('users')
      .set({ pseudo: null, firstname: 'Inès', lastname: 'Secrète', fields_param: JSON.stringify({ firstname: '0', lastname: '1' }) })
      .where('id', '=', ids.visitor2)
      .execute();
    try {
      const own = await open(cookies.visitor2, ids.exhibitor);
      const writer = await connect(base, { cookie: cookies.visitor2 });
      const member = await connect(base, { cookie: cookies.exhibitor });
      const atMember = collect(member, 'user_writing');
      writer.emit('user_writing', { channel_id: own.id_channel });
      await settle(300);
      expect(atMember).toEqual([{ channel_id: own.id_channel, user_id: encodeId(ids.visitor2), fullname: 'Inès' }]);
    } finally {
      await t.database.db.updateTable('users').set(before).where('id', '=', ids.visitor2).execute();
    }
  });

  it('is not relayed for a channel the writer is not in', async () => {
    const stranger = await connect(base, { cookie: cookies.visitor2 });
    const member = await connect(base, { cookie: cookies.exhibitor });
    const atMember = collect(member, 'user_writing');
    stranger.emit('user_writing', { channel_id: channel.id_channel });
    expect(await ask(stranger, 'user_writing', { channel_id: channel.id_channel })).toEqual({ ok: false, error: 'Unknown channel' });
    await settle();
    expect(atMember).toEqual([]);
  });
});

describe('uploads over HTTP', () => {
  it('refuses a file over 5 MB while it streams in, whatever its size (413)', async () => {
    for (const size of [CHAT_FILE_MAX_BYTES + 1, 6 * 1024 * 1024, 40 * 1024 * 1024]) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(size, 'a')]), 'big.txt');
      const response = await fetch(`${base}/api/chat/channels/${channel.id_channel}/messages/upload`, {
        method: 'POST',
        headers: { ...XHR, cookie: cookies.visitor, origin: base },
        body: form,
      });
      expect([size, response.status]).toEqual([size, 413]);
      expect(await response.json()).toEqual({ data: { error: true, message: 'The file limit is 5MB. Please upload a smaller file' } });
    }
    expect(await t.database.db.selectFrom('chat_files').select('id').where('original_name', '=', 'big.txt').execute()).toEqual([]);
  }, 30_000);

  it('are sent to the channel’s sockets like a socket message', async () => {
    const member = await connect(base, { cookie: cookies.exhibitor });
    const heard = collect(member, 'new_chat_message');
    const body = multipart([{ name: 'file', filename: 'plan.pdf', content: PDF }]);
    const response = await request(t.app, {
      method: 'POST',
      url: `/api/chat/channels/${channel.id_channel}/messages/upload`,
      headers: { ...XHR, cookie: cookies.visitor, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    await settle();
    expect(heard).toEqual([response.json().data.chat_message]);
  }, 30_000);
});
