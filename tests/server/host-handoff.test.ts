/**
 * The identity handoff of a host site (POST /api/host/sessions): HMAC-signed server-to-server calls, refused when
 * forged, stale or replayed; the host's user found or created by (host, host user id), kept in step, and given a
 * salon session the browser then uses as its own.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import type { BuildOptions } from '../../host-shell/server/app';
import { hostSignature } from '../../host-shell/server/services/host-users';
import { createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { listen } from './sockets';
import { openSse, type SseEvent } from './sse';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import type { PageData } from '@salon/shared/contracts/page-data';
import { DEMO_ACCOUNTS } from '../../host-shell/server/db/seed-data';
import { DEMO } from './accounts';
import { XHR, request } from './http';

const SECRET = 'test-host-secret-0123456789abcdef0123456789';

/** SQLite in memory, and PostgreSQL too when TEST_DATABASE_URL is a postgres URL (a schema per app, dropped after). */
const pgUrl = process.env.TEST_DATABASE_URL ?? '';
const BACKENDS = ['SQLite', ...(/^postgres(?:ql)?:\/\//.test(pgUrl) ? ['PostgreSQL'] : [])];

async function openApp(backend: string, config: BuildOptions['config']): Promise<TestApp> {
  if (backend === 'SQLite') return createTestApp({ config });
  const schema = `salon_host_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const t = await createTestApp({ database: { dialect: 'postgres', connectionString: pgUrl, schema }, config });
  return {
    ...t,
    async close() {
      await t.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

interface Signed {
  timestamp?: number;
  nonce?: string;
  secret?: string;
}

function signedPost(t: TestApp, path: string, body: unknown, options: Signed = {}) {
  const payload = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('base64url');
  return request(t.app, {
    method: 'POST',
    url: path,
    payload,
    headers: {
      'content-type': 'application/json',
      'x-salon-timestamp': timestamp,
      'x-salon-nonce': nonce,
      'x-salon-signature': hostSignature(options.secret ?? SECRET, timestamp, nonce, 'POST', path, payload),
    },
  });
}

/** A demo account as the host knows it: the seed's account under the host's own id. */
const hostUser = (id: string, email: string) => ({ id, ...DEMO_ACCOUNTS.find((account) => account.email === email) });
/** The demo visitor, Léa Moreau. */
const visitor = hostUser('1', DEMO.visitor);

const handoff = (user: object = visitor, extra: object = {}) => ({
  host: 'symfony',
  user,
  origin: 'http://shop.test:8090',
  locale: 'fr_FR',
  ...extra,
});

interface HandoffAnswer {
  data: {
    user_id: string;
    user_created: boolean;
    session: { token: string; created: boolean; cookie: string; max_age: number };
    unknown_stands: string[];
    page_data: PageData;
  };
}

describe.each(BACKENDS)('POST /api/host/sessions (the identity handoff), %s', (backend) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await openApp(backend, { hostSecret: SECRET });
  });
  afterEach(() => t.close());

  it('creates the user on first arrival, answers the page data and a session the salon accepts as a cookie', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await signedPost(t, '/api/host/sessions', handoff());
    expect(res.statusCode).toBe(200);
    const { data } = res.json<HandoffAnswer>();
    expect(data.user_created).toBe(true);
    expect(data.session.created).toBe(true);
    expect(data.session.cookie).toBe('salon_session');
    expect(data.page_data.user.firstname).toBe('Léa');
    expect(data.page_data.user.profile).toBe('visitor');
    expect(data.page_data.user.anonymous).toBe(false);
    expect(data.page_data.user.contact_email).toBe('visiteur@salon.test');
    // A host user is not the salon's password account of the same address.
    expect(data.page_data.user.email).toBeNull();
    expect(data.page_data.room_url.startsWith('http://shop.test:8090/room/')).toBe(true);
    expect(data.page_data.locale.locale).toBe('fr_FR');
    const after = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);

    const me = await request(t.app, {
      method: 'GET',
      url: '/api/users/me',
      headers: { ...XHR, cookie: `salon_session=${data.session.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain('Moreau');

    // The same host user again: the same salon user, the session kept when handed back.
    const again = await signedPost(t, '/api/host/sessions', handoff(visitor, { session: data.session.token }));
    expect(again.statusCode).toBe(200);
    const second = again.json<HandoffAnswer>().data;
    expect(second.user_id).toBe(data.user_id);
    expect(second.user_created).toBe(false);
    expect(second.session).toMatchObject({ token: data.session.token, created: false });
  });

  it('keeps the profile in step with the host, and an exhibitor owns exactly the stands named', async () => {
    // Claire Fontaine, of the two Helios stands.
    const exhibitor = { ...hostUser('3', DEMO.exhibitor), stands: ['stand-helios-solaire', 'stand-helios-stockage'] };
    const first = (await signedPost(t, '/api/host/sessions', handoff(exhibitor))).json<HandoffAnswer>().data;
    const solaire = await standBySlug(t, 'stand-helios-solaire');
    const stockage = await standBySlug(t, 'stand-helios-stockage');
    const nordic = await standBySlug(t, 'stand-nordic-robotics');
    expect([...first.page_data.owned_stands_ids].sort()).toEqual([encodeId(solaire.id), encodeId(stockage.id)].sort());

    const changed = { ...exhibitor, firstname: '  Clara ', city: 'Annecy', stands: ['stand-nordic-robotics', 'stand-nowhere'] };
    const res = await signedPost(t, '/api/host/sessions', handoff(changed, { session: first.session.token }));
    expect(res.statusCode).toBe(200);
    const second = res.json<HandoffAnswer>().data;
    expect(second.user_id).toBe(first.user_id);
    expect(second.page_data.user.firstname).toBe('Clara');
    expect(second.page_data.user.city).toBe('Annecy');
    expect(second.page_data.owned_stands_ids).toEqual([encodeId(nordic.id)]);
    expect(second.unknown_stands).toEqual(['stand-nowhere']);

    // Becoming a visitor on the host releases the stands.
    const third = (await signedPost(t, '/api/host/sessions', handoff({ ...changed, profile: 'visitor' }))).json<HandoffAnswer>().data;
    expect(third.page_data.user.profile).toBe('visitor');
    const owned = await t.database.db
      .selectFrom('stand_exhibitors')
      .select('stand_id')
      .where('user_id', '=', decodeId(third.page_data.user.id_user) ?? 0)
      .execute();
    expect(owned).toEqual([]);
  });

  it('shows an exhibitor on the stand a handoff gives them at once, to the visitors on it', async () => {
    const nordic = encodeId((await standBySlug(t, 'stand-nordic-robotics')).id);
    const exhibitor = { ...hostUser('3', DEMO.exhibitor), stands: ['stand-helios-solaire'] };
    const first = (await signedPost(t, '/api/host/sessions', handoff(exhibitor))).json<HandoffAnswer>().data;
    const { token } = (await signedPost(t, '/api/host/sessions', handoff())).json<HandoffAnswer>().data.session;
    const client = await openSse(`${await listen(t)}/api/sse/live/activity?visited_stand_id=${nordic}`, {
      cookie: `salon_session=${token}`,
    });
    try {
      const names = (e: SseEvent) =>
        ((e.data.visited_stand_animators as Record<string, { fullname: string }[]> | undefined)?.[nordic] ?? []).map((u) => u.fullname);
      expect(names(await client.next())).toEqual(['Jonas Berg']);
      // The exhibitor comes back from the host unchanged: the live activity learns which stands are theirs.
      const flushes = t.app.live.stats().flushes;
      await signedPost(t, '/api/host/sessions', handoff(exhibitor, { session: first.session.token }));
      await waitFor(() => (t.app.live.stats().flushes > flushes ? true : undefined));
      // Then the host gives them Nordic Robotics: its visitors see them there without waiting for anything else.
      const moved = await signedPost(
        t,
        '/api/host/sessions',
        handoff({ ...exhibitor, stands: ['stand-nordic-robotics'] }, { session: first.session.token }),
      );
      expect(moved.json<HandoffAnswer>().data.page_data.owned_stands_ids).toEqual([nordic]);
      const seen = await client.next((e) => names(e).includes('Claire Fontaine'), 5000, 1);
      expect(names(seen).sort()).toEqual(['Claire Fontaine', 'Jonas Berg']);
      // A later change that names only the exhibitor (their card, their availability) finds their new stand too.
      const userId = decodeId(first.user_id) ?? 0;
      await t.database.db.updateTable('users').set({ firstname: 'Clara' }).where('id', '=', userId).execute();
      t.app.live.publish({ type: 'exhibitors', userIds: [userId] });
      await client.next((e) => names(e).includes('Clara Fontaine'), 5000, client.events.indexOf(seen) + 1);
    } finally {
      client.close();
      t.app.server.closeAllConnections();
    }
  });

  it('refuses a forged signature, an expired timestamp, a replayed nonce and a missing signature with 401', async () => {
    const forged = await signedPost(t, '/api/host/sessions', handoff(), { secret: 'another-secret-0123456789abcdef0123456789' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ data: { error: true, message: 'Host call refused: bad signature' } });

    const expired = await signedPost(t, '/api/host/sessions', handoff(), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().data.message).toMatch(/timestamp/);

    const nonce = randomBytes(16).toString('base64url');
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await signedPost(t, '/api/host/sessions', handoff(), { nonce, timestamp })).statusCode).toBe(200);
    const replayed = await signedPost(t, '/api/host/sessions', handoff(), { nonce, timestamp });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().data).toMatchObject({ error: true, message: expect.stringMatching(/replay/) });

    // A signed body is still validated: a name with a direction override is refused, as on the profile page.
    const hostile = await signedPost(t, '/api/host/sessions', handoff({ ...visitor, lastname: 'Moreau\u202Egnp.exe' }));
    expect(hostile.statusCode).toBe(400);

    // A body changed after signing is a bad signature too.
    const payload = JSON.stringify(handoff());
    const ts = String(Math.floor(Date.now() / 1000));
    const n = randomBytes(16).toString('base64url');
    const tampered = await request(t.app, {
      method: 'POST',
      url: '/api/host/sessions',
      payload: JSON.stringify(handoff({ ...visitor, profile: 'administrator' })),
      headers: {
        'content-type': 'application/json',
        'x-salon-timestamp': ts,
        'x-salon-nonce': n,
        'x-salon-signature': hostSignature(SECRET, ts, n, 'POST', '/api/host/sessions', payload),
      },
    });
    expect(tampered.statusCode).toBe(401);

    const unsigned = await request(t.app, { method: 'POST', url: '/api/host/sessions', payload: handoff(), headers: XHR });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().data.error).toBe(true);
    // Nothing was created by the refused calls: only the accepted one made a host user.
    const links = await t.database.db.selectFrom('host_users').selectAll().execute();
    expect(links).toHaveLength(1);
  });

  it('ends a session of another user that the host hands back (a new login without logout) and starts a fresh one', async () => {
    const lea = (await signedPost(t, '/api/host/sessions', handoff())).json<HandoffAnswer>().data;
    const thomas = { ...visitor, id: '2', firstname: 'Thomas', lastname: 'Petit', email: 'visiteur2@salon.test' };
    const res = await signedPost(t, '/api/host/sessions', handoff(thomas, { session: lea.session.token }));
    expect(res.statusCode).toBe(200);
    const data = res.json<HandoffAnswer>().data;
    expect(data.user_id).not.toBe(lea.user_id);
    expect(data.session.created).toBe(true);
    expect(data.session.token).not.toBe(lea.session.token);
    const asLea = await request(t.app, {
      method: 'GET',
      url: '/api/users/me',
      headers: { ...XHR, cookie: `salon_session=${lea.session.token}` },
    });
    expect(asLea.statusCode).toBe(401);
  });

  it('ends the session on the host logout: the old cookie is 401 afterwards', async () => {
    const { data } = (await signedPost(t, '/api/host/sessions', handoff())).json<HandoffAnswer>();
    const cookie = `salon_session=${data.session.token}`;
    expect((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { ...XHR, cookie } })).statusCode).toBe(200);
    const end = await signedPost(t, '/api/host/sessions/end', { session: data.session.token });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ data: { ended: true } });
    expect((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { ...XHR, cookie } })).statusCode).toBe(401);
    // Ending needs the signature too.
    const unsigned = await request(t.app, {
      method: 'POST',
      url: '/api/host/sessions/end',
      payload: { session: data.session.token },
      headers: XHR,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('without SALON_HOST_SECRET', () => {
  it('has no host routes (404), signed or not', async () => {
    const t = await createTestApp({ config: { hostSecret: null } });
    try {
      expect((await signedPost(t, '/api/host/sessions', handoff())).statusCode).toBe(404);
      expect((await signedPost(t, '/api/host/sessions/end', { session: 'x' })).statusCode).toBe(404);
      expect(await t.database.db.selectFrom('host_users').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
