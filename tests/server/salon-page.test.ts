import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFeature } from '../../host-shell/server/services/settings';
import { countRows, createTestApp, useTestApp } from './helpers';
import { lazySlotsOf, pageDataOf, widgetSlotsOf } from './markup';
import { DEMO, anonymousCookie, login, sessionCookieOf } from './accounts';
import { ORIGIN, XHR, request } from './http';

const t = useTestApp();

const countUsers = () => countRows(t, 'users');

describe('GET /salon', () => {
  it('creates an anonymous visitor and its session on the first visit, and reuses them after', async () => {
    const before = await countUsers();
    const first = await request(t.app, { method: 'GET', url: '/salon' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookieOf(first);
    const data = pageDataOf(first.body);
    expect(data.user).toMatchObject({ profile: 'visitor', anonymous: true, profileRoute: null, homeRoute: `${ORIGIN}/salon` });
    expect(data.parameters.auth).toBe(false);
    expect(await countUsers()).toBe(before + 1);

    // Ids are obfuscated everywhere (spec §3): the page data and PUT /api/users/me never carry the internal number.
    expect(data.user.id_user).toBe(data.user.obfuscated_id);
    expect(typeof data.user.id_user).toBe('string');
    expect(data.user.id_user).not.toMatch(/^\d+$/);
    const put = await request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload: { pseudo: 'Guest' } });
    expect(put.statusCode).toBe(200);
    expect((put.json() as { data: { user: { id_user: unknown } } }).data.user.id_user).toBe(data.user.obfuscated_id);

    const second = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } });
    expect(second.cookies).toHaveLength(0);
    expect(pageDataOf(second.body).user.id_user).toBe(data.user.id_user);
    expect(await countUsers()).toBe(before + 1);
  });

  it('injects the PageData contract', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } });
    const data = pageDataOf(response.body);
    expect(data).toMatchObject({
      version: 1,
      base_path: 'salon',
      visited_stand_id: null,
      last_ongoing_visit: null,
      is_streaming: false,
      owned_stands_ids: [],
      room_url: `${ORIGIN}/room/?lang=en`,
      tracked_room_url: `${ORIGIN}/room/?lang=en&tracking=1`,
      feedback_delay: 1200,
      features: { journey: '1' },
      locale: {
        locale: 'en_EN',
        multilingual: true,
        langs: [
          { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
          { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
        ],
      },
    });
    expect(data.user).toMatchObject({
      anonymous: false,
      email: DEMO.visitor,
      fullname: 'Léa Moreau',
      profileRoute: `${ORIGIN}/profil`,
      homeRoute: `${ORIGIN}/salon`,
      profileLabel: 'Visitor',
    });
    expect(data.user.obfuscated_id).toMatch(/^[A-Za-z0-9]{6,}$/);
    expect(data.parameters).toMatchObject({
      room_name: 'Salon de l’innovation',
      room_name_en: 'Innovation Fair',
      auth: true,
      styles: { sidebar: { opacity: 85, blur: 12 } },
      last_activity_period: 900,
      exhibitor_upc_priority_action: 'chat',
      feedback_delay: 1200,
      gif_key: '',
      contests: ['default'],
    });
  });

  it('gives an exhibitor their stands as obfuscated ids and their area as home route', async () => {
    const cookie = await login(t.app, DEMO.exhibitor);
    const data = pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } })).body);
    expect(data.user.homeRoute).toBe(`${ORIGIN}/exposant`);
    expect(data.owned_stands_ids).toHaveLength(2);
    expect(data.user.stands).toEqual(data.owned_stands_ids);
    expect(data.owned_stands_ids.every((id) => /^[A-Za-z0-9]{6,}$/.test(id))).toBe(true);
    expect(data.user.company).toEqual({ name: 'Helios Énergie' });
  });

  it('serves the room under any trailing path (history mode)', async () => {
    const response = await request(t.app, { method: 'GET', url: '/salon/stand/abc/def' });
    expect(response.statusCode).toBe(200);
    expect(pageDataOf(response.body).base_path).toBe('salon');
  });

  it('follows the browser language, with lang on <html> and in the room address', async () => {
    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { 'accept-language': 'de-DE,fr;q=0.8,en;q=0.5' } });
    expect(response.body).toContain('<html lang="fr">');
    const data = pageDataOf(response.body);
    expect(data.locale.locale).toBe('fr_FR');
    expect(data.room_url).toBe(`${ORIGIN}/room/?lang=fr`);
    expect(response.body).toContain('<title>Salon de l’innovation</title>');
  });
});

describe('page-data escaping', () => {
  it('keeps a hostile pseudo inside the JSON element, and the JSON equal to what was stored', async () => {
    const cookie = await anonymousCookie(t.app);
    const typed = '</script><script>alert(1)</script>&<!--';
    const put = await request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload: { pseudo: typed } });
    expect(put.statusCode).toBe(200);
    // Line separators are refused as input now; a row written before that rule (or by hand) may still hold them.
    const pseudo = `${typed}\u2028\u2029`;
    await t.database.db.updateTable('users').set({ pseudo }).where('pseudo', '=', typed).execute();

    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('</script><script>');
    expect(response.body).not.toContain('\u2028');
    expect(response.body).toContain(
      '\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u0026\\u003c!--\\u2028\\u2029',
    );
    // Exactly one page-data element, and the loader is still the last script.
    expect(response.body.match(/<script/g)).toHaveLength(2);
    expect(pageDataOf(response.body).user.pseudo).toBe(pseudo);
  });
});

describe('widget slots', () => {
  const base = ['top-bar', 'room', 'toaster', 'chat', 'company-sheet', 'contact-point', 'modals'];

  it('gives a visitor every widget but the activity stream, then the loader', async () => {
    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: await login(t.app, DEMO.visitor) } });
    expect(widgetSlotsOf(response.body)).toEqual([...base, 'journey', 'programme']);
    expect(lazySlotsOf(response.body)).toEqual(['chat', 'company-sheet', 'contact-point', 'modals', 'journey', 'programme']);
    expect(response.body).toMatch(
      /<div data-salon-widget="programme" data-salon-lazy><\/div>\s*<script src="\/spa\/loader.js" defer><\/script>/,
    );
  });

  it('adds the activity stream for exhibitors', async () => {
    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: await login(t.app, DEMO.exhibitor2) } });
    expect(widgetSlotsOf(response.body)).toEqual([...base, 'journey', 'programme', 'activity-stream']);
  });

  it.each([DEMO.promoter, DEMO.admin])('gives %s no activity stream', async (email) => {
    const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: await login(t.app, email) } });
    expect(widgetSlotsOf(response.body)).not.toContain('activity-stream');
  });

  it('leaves the journey out when its feature flag is off', async () => {
    await setFeature(t.database.db, 'journey', false);
    try {
      const response = await request(t.app, { method: 'GET', url: '/salon' });
      expect(widgetSlotsOf(response.body)).toEqual([...base, 'programme']);
      expect(pageDataOf(response.body).features.journey).toBe('0');
    } finally {
      await setFeature(t.database.db, 'journey', true);
    }
  });
});

describe('the first paint and the first downloads', () => {
  it("shows the salon's name and description in the room's slot until the room mounts, in the page's language", async () => {
    const en = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: await login(t.app, DEMO.visitor) } });
    const slot = /<div data-salon-widget="room"><div class="salon-room-placeholder">([^]*?)<\/div><\/div>/.exec(en.body)?.[1] ?? '';
    expect(slot).toContain('Visit 14 stands in 360°, chat with exhibitors and attend talks, from home.');
    expect(slot).toContain('The room is loading…');
    const fr = await request(t.app, {
      method: 'GET',
      url: '/salon',
      headers: { cookie: await anonymousCookie(t.app), 'accept-language': 'fr' },
    });
    expect(fr.body).toContain('<p class="salon-room-placeholder__wait">La salle se charge…</p>');
  });

  it('preloads the manifest, and the entries of the widgets that mount at once when this server serves /spa', async () => {
    const spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-spa-hints-'));
    const line = (name: string) => ({ entry: `${name}/0123456789/remoteEntry.js`, runtimeContract: '1', sharedContract: '0.3' });
    fs.writeFileSync(
      path.join(spaDir, 'widgets.json'),
      JSON.stringify(Object.fromEntries(['top-bar', 'room', 'toaster', 'chat', 'modals'].map((w) => [w, line(w)]))),
    );
    const served = await createTestApp({ config: { spaDir } });
    const cdn = await createTestApp({ config: { spaDir, spaUrl: 'https://cdn.example/spa' } });
    try {
      const page = await request(served.app, { method: 'GET', url: '/salon' });
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head).toContain('<link rel="preload" href="/spa/widgets.json" as="fetch" crossorigin>');
      expect([...head.matchAll(/<link rel="preload" href="([^"]+)" as="script">/g)].map((m) => m[1])).toEqual([
        '/spa/top-bar/0123456789/remoteEntry.js',
        '/spa/room/0123456789/remoteEntry.js',
        '/spa/toaster/0123456789/remoteEntry.js',
      ]);
      // /spa on another origin: the manifest's hint only (this server's copy may not be what the CDN serves).
      const elsewhere = await request(cdn.app, { method: 'GET', url: '/salon' });
      expect(elsewhere.body).toContain('<link rel="preload" href="https://cdn.example/spa/widgets.json" as="fetch" crossorigin>');
      expect(elsewhere.body).not.toContain('as="script"');
    } finally {
      await served.close();
      await cdn.close();
      fs.rmSync(spaDir, { recursive: true, force: true });
    }
  }, 60_000);
});
