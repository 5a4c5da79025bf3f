import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { FRAME_DATA_ELEMENT_ID, parseFrameData, type RoomFrameData } from '../../host-shell/room-frame/data';
import { AHEAD_IMAGES, AheadImages } from '../../host-shell/room-frame/gl-renderer';
import { TEXTS } from '../../host-shell/room-frame/i18n';
import { PRELOADED_PLACES, PanoramaImages, likelyNext } from '../../host-shell/room-frame/images';
import { Salon, labelOf } from '../../host-shell/room-frame/layout';
import { offerSubject, promotionOf, referralCode } from '../../host-shell/room-frame/offers';
import { QUIZ_LENGTH, QuizRun, buildQuiz } from '../../host-shell/room-frame/quiz';
import { nowIso } from '../../host-shell/server/db/schema';
import { DEMO_COMPANIES, DEMO_PANORAMAS, DEMO_PARAMETERS } from '../../host-shell/server/db/seed-data';
import { decodeId } from '../../host-shell/server/lib/ids';
import { loadConfig } from '../../host-shell/server/config';
import { createTestApp, type TestApp } from './helpers';
import { ORIGIN, request } from './http';

const DEMO_STANDS = DEMO_COMPANIES.flatMap((c) => c.stands.map((s) => ({ ...s, company: c.name })));

function frameDataOf(html: string): RoomFrameData {
  const match = new RegExp(`<script type="application/json" id="${FRAME_DATA_ELEMENT_ID}">([^]*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no frame data element');
  const data = parseFrameData(match[1]);
  if (!data) throw new Error('unreadable frame data');
  return data;
}

const cspOf = (response: LightMyRequestResponse): string => String(response.headers['content-security-policy'] ?? '');
const frameAncestorsOf = (response: LightMyRequestResponse): string[] =>
  (
    cspOf(response)
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-ancestors ')) ?? ''
  )
    .split(/\s+/)
    .slice(1);

let spaDir: string;
let t: TestApp;
beforeAll(async () => {
  spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-room-frame-'));
  t = await createTestApp({ config: { spaDir } });
}, 30_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(spaDir, { recursive: true, force: true });
});

describe('GET /room/', () => {
  it('serves the frame page with the panoramas and the stands of the database', async () => {
    const response = await request(t.app, { method: 'GET', url: '/room/?lang=en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.body).toContain('<html lang="en">');
    const data = frameDataOf(response.body);
    expect(data).toMatchObject({
      version: 1,
      lang: 'en',
      initialPanorama: 'home',
      roomName: 'Innovation Fair',
      hostOrigins: [ORIGIN],
      features: { journey: true },
    });
    expect(data.panoramas.filter((p) => p.kind !== 'stand')).toEqual(
      DEMO_PANORAMAS.map((p) => ({ slug: p.slug, kind: p.kind, name: p.name, name_en: p.name_en })),
    );
    expect(data.panoramas.filter((p) => p.kind === 'stand').map((p) => p.slug)).toEqual(DEMO_STANDS.map((s) => s.slug));

    const rows = await t.database.db
      .selectFrom('stands')
      .innerJoin('companies', 'companies.id', 'stands.company_id')
      .select(['stands.id as id', 'stands.panorama_slug as slug', 'companies.id as company_id'])
      .orderBy('stands.id')
      .execute();
    expect(data.stands).toEqual(
      DEMO_STANDS.map((s) => ({
        id: expect.any(String),
        name: s.name,
        niceNameEn: s.name_en,
        panorama: s.slug,
        companyId: expect.any(String),
        companyName: s.company,
        // The stand's own marketing opt-in, else the salon's.
        optinMarketing: s.optin_marketing === null ? DEMO_PARAMETERS.stands_optin_marketing : s.optin_marketing === 1,
      })),
    );
    data.stands.forEach((stand, i) => {
      expect(decodeId(stand.id)).toBe(rows[i]?.id);
      expect(decodeId(stand.companyId)).toBe(rows[i]?.company_id);
      expect(stand.panorama).toBe(rows[i]?.slug);
    });
  });

  it('speaks the language of ?lang= (en or fr), English otherwise', async () => {
    const fr = await request(t.app, { method: 'GET', url: '/room/?lang=fr' });
    expect(fr.body).toContain('<html lang="fr">');
    expect(frameDataOf(fr.body)).toMatchObject({ lang: 'fr', roomName: 'Salon de l’innovation' });
    expect(fr.body).toContain('<title>Salon de l’innovation : salle 360°</title>');
    for (const url of ['/room/', '/room/?lang=de', '/room/?lang=FR', '/room/?lang=fr&lang=en']) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(frameDataOf(response.body).lang).toBe('en');
    }
  });

  it('may be framed only by its own origin by default', async () => {
    const response = await request(t.app, { method: 'GET', url: '/room/' });
    expect(frameAncestorsOf(response)).toEqual(["'self'"]);
    expect(cspOf(response)).toContain("script-src 'self'");
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('starts on the panorama of its path, and answers 404 for an unknown one', async () => {
    const stand = await request(t.app, { method: 'GET', url: '/room/stand-helios-solaire?lang=fr' });
    expect(stand.statusCode).toBe(200);
    expect(frameDataOf(stand.body)).toMatchObject({ initialPanorama: 'stand-helios-solaire', lang: 'fr' });
    expect(frameDataOf((await request(t.app, { method: 'GET', url: '/room/plan' })).body).initialPanorama).toBe('plan');
    for (const url of ['/room/nowhere', '/room/Plan', '/room/..%2Fsalon', '/room/%3Cscript%3E']) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain(FRAME_DATA_ELEMENT_ID);
    }
  });

  it('redirects /room to /room/, keeping the query', async () => {
    const response = await request(t.app, { method: 'GET', url: '/room?lang=fr' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/room/?lang=fr');
  });

  it('escapes the data so that no stored name can leave its script element', async () => {
    const evil = 'Evil </script><script>alert(1)</script> <!-- & \u2028 "quoted"';
    const company = await t.database.db
      .insertInto('companies')
      .values({ name: evil, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('panoramas').values({ slug: 'stand-evil', kind: 'stand', name: evil, name_en: evil }).execute();
    await t.database.db
      .insertInto('stands')
      .values({
        name: evil,
        name_en: evil,
        panorama_slug: 'stand-evil',
        optin_marketing: null,
        company_id: company.id,
        created_at: nowIso(),
      })
      .execute();
    // What the organisers' API does after a change: the frame's data is read again.
    t.app.panoramas.refresh();
    try {
      const response = await request(t.app, { method: 'GET', url: '/room/stand-evil' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('</script><script>alert(1)');
      expect(response.body).not.toContain('<!--');
      expect(response.body).not.toContain('\u2028');
      const data = frameDataOf(response.body);
      expect(data.stands.find((s) => s.panorama === 'stand-evil')).toMatchObject({ name: evil, niceNameEn: evil, companyName: evil });
    } finally {
      await t.database.db.deleteFrom('stands').where('panorama_slug', '=', 'stand-evil').execute();
      await t.database.db.deleteFrom('panoramas').where('slug', '=', 'stand-evil').execute();
      await t.database.db.deleteFrom('companies').where('id', '=', company.id).execute();
      t.app.panoramas.refresh();
    }
  });

  describe('the frame bundle', () => {
    const manifest = () => path.join(spaDir, 'room-frame', 'manifest.json');
    const writeManifest = (content: string) => {
      fs.mkdirSync(path.dirname(manifest()), { recursive: true });
      fs.writeFileSync(manifest(), content);
    };

    it('is loaded from the entry of dist/spa/room-frame/manifest.json', async () => {
      writeManifest(JSON.stringify({ entry: 'room-frame/0123456789/room-frame.js' }));
      const response = await request(t.app, { method: 'GET', url: '/room/' });
      expect(response.body).toContain('<script src="/spa/room-frame/0123456789/room-frame.js" defer></script>');
      expect(response.body).not.toContain('role="alert"');
    });

    it('still answers 200 with a clear message when the frame is not built', async () => {
      fs.rmSync(path.join(spaDir, 'room-frame'), { recursive: true, force: true });
      const en = await request(t.app, { method: 'GET', url: '/room/' });
      expect(en.statusCode).toBe(200);
      expect(en.body).toMatch(/<p class="room-frame-missing" role="alert">The 360° viewer is not built yet[^<]*npm run build/);
      expect(en.body).not.toContain('<script src=');
      const fr = await request(t.app, { method: 'GET', url: '/room/?lang=fr' });
      expect(fr.body).toContain('La visionneuse 360° n’est pas encore construite');
    });

    it('ignores a manifest whose entry is not a bundle of its own folder', async () => {
      for (const entry of ['https://evil.test/x.js', '../../etc/passwd', 'room-frame/0123456789/x.js" onload="alert(1)', 42]) {
        writeManifest(JSON.stringify({ entry }));
        const response = await request(t.app, { method: 'GET', url: '/room/' });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('<script src=');
      }
      writeManifest('not json');
      expect((await request(t.app, { method: 'GET', url: '/room/' })).body).toContain('role="alert"');
    });
  });
});

describe('ROOM_HOST_ORIGINS', () => {
  it('keeps origins only, normalised, without duplicates', () => {
    expect(loadConfig({}).roomHostOrigins).toEqual([]);
    expect(
      loadConfig({ ROOM_HOST_ORIGINS: ' https://php.example.com , http://b.test:8000/some/page, https://php.example.com/ ' })
        .roomHostOrigins,
    ).toEqual(['https://php.example.com', 'http://b.test:8000']);
    // Nothing that could end up as another CSP source or directive.
    expect(
      loadConfig({ ROOM_HOST_ORIGINS: "javascript:alert(1), *, 'unsafe-inline', https://x.test/a'; script-src *, data:," }).roomHostOrigins,
    ).toEqual(['https://x.test']);
  });

  it('lets those pages frame the room and talk to it', async () => {
    const previous = process.env.ROOM_HOST_ORIGINS;
    process.env.ROOM_HOST_ORIGINS = 'https://php.example.com, http://other.test:8000';
    const other = await createTestApp();
    try {
      const response = await request(other.app, { method: 'GET', url: '/room/' });
      expect(frameAncestorsOf(response)).toEqual(["'self'", 'https://php.example.com', 'http://other.test:8000']);
      expect(frameDataOf(response.body).hostOrigins).toEqual(['https://php.example.com', 'http://other.test:8000', ORIGIN]);
    } finally {
      if (previous === undefined) delete process.env.ROOM_HOST_ORIGINS;
      else process.env.ROOM_HOST_ORIGINS = previous;
      await other.close();
    }
  });
});

describe('the frame layout', () => {
  it('puts every stand on the plan, names them in the page language, and links every place', async () => {
    const data = frameDataOf((await request(t.app, { method: 'GET', url: '/room/?lang=fr' })).body);
    const salon = new Salon(data);
    const plan = salon.layout('plan');
    expect(plan?.booths.map((b) => b.stand.label)).toEqual(DEMO_STANDS.map((s) => s.name));
    expect(plan?.gates.map((g) => g.target).sort()).toEqual(['conference', 'home']);
    expect(
      salon
        .layout('home')
        ?.gates.map((g) => g.target)
        .sort(),
    ).toEqual(['conference', 'plan']);
    expect(
      salon
        .layout('conference')
        ?.gates.map((g) => g.target)
        .sort(),
    ).toEqual(['home', 'plan']);
    // The contest is played from the entrance hall, where every visit starts.
    expect(salon.layout('home')?.actions.map((a) => a.action)).toEqual(['contest']);
    expect(salon.layout('plan')?.actions).toEqual([]);
    expect(salon.layout('conference')?.actions).toEqual([]);
    expect(salon.place('map')?.slug).toBe('plan');
    expect(salon.place('conferences')?.slug).toBe('conference');
    expect(salon.place('nowhere')).toBeUndefined();
    for (const stand of data.stands) {
      const layout = salon.layout(stand.panorama);
      expect(layout?.booths.filter((b) => b.main).map((b) => b.stand.id)).toEqual([stand.id]);
      expect(layout?.gates.map((g) => g.target).sort()).toEqual(['conference', 'home', 'plan']);
      expect(layout?.actions.map((a) => a.action)).toEqual(['contact', 'offer', 'exhibitors', 'companySheet', 'journey', 'share']);
      expect(labelOf(stand, 'en')).toBe(stand.niceNameEn);
    }
    // Booths of the ring do not overlap.
    const yaws = (plan?.booths ?? []).map((b) => b.yaw).sort((a, b) => a - b);
    for (let i = 1; i < yaws.length; i += 1) expect((yaws[i] as number) - (yaws[i - 1] as number)).toBeGreaterThan(0.3);
  });

  it('hides the journey action when the journey feature is off', () => {
    const data: RoomFrameData = {
      version: 1,
      lang: 'en',
      initialPanorama: 'home',
      roomName: 'Salon',
      panoramas: [],
      stands: [
        {
          id: 'abcdef',
          name: 'Un',
          niceNameEn: 'One',
          panorama: 'stand-one',
          companyId: 'ghijkl',
          companyName: 'One Inc.',
          optinMarketing: false,
        },
      ],
      images: {},
      hostOrigins: [],
      features: { journey: false },
    };
    const salon = new Salon(data);
    expect(salon.layout('stand-one')?.actions.map((a) => a.action)).toEqual(['contact', 'offer', 'exhibitors', 'companySheet', 'share']);
    // Special panoramas exist even without their rows, named by the frame.
    expect(salon.place('plan')?.name).toBe('Floor plan');
  });
});

/** A salon as the frame reads it from its page data: these stands (the demo's by default), in this language. */
const salonOf = (
  stands: { name: string; name_en: string; slug: string; company: string }[] = DEMO_STANDS,
  lang: 'en' | 'fr' = 'en',
  roomName = 'Innovation Fair',
) =>
  new Salon(
    parseFrameData(
      JSON.stringify({
        lang,
        roomName,
        stands: stands.map((s, i) => ({
          id: `s${i}`,
          name: s.name,
          niceNameEn: s.name_en,
          panorama: s.slug,
          companyId: `c${i}`,
          companyName: s.company,
        })),
      }),
    ) as RoomFrameData,
  );

describe('the images fetched ahead', () => {
  const salon = salonOf();
  const slugs = DEMO_STANDS.map((s) => s.slug);

  it('expects from a stand the plan then its two neighbours on the ring, from the halls their doors, the plan first', () => {
    expect(PRELOADED_PLACES).toBe(AHEAD_IMAGES);
    const second = slugs[1] as string;
    expect(likelyNext(salon, second)).toEqual(['plan', slugs[0], slugs[2]]);
    // The ring closes: the first stand's neighbours are the last and the second.
    expect(likelyNext(salon, slugs[0] as string)).toEqual(['plan', slugs[slugs.length - 1], slugs[1]]);
    expect(likelyNext(salon, 'home')).toEqual(['plan', 'conference']);
    expect(likelyNext(salon, 'conference')).toEqual(['plan', 'home']);
    // From the plan any stand may be next: its doors only.
    expect(likelyNext(salon, 'plan').sort()).toEqual(['conference', 'home']);
    expect(likelyNext(salon, 'map')).toEqual(likelyNext(salon, 'plan'));
    expect(likelyNext(salon, 'nowhere')).toEqual([]);
  });

  it('shows the 2048 px image first, then the 4096 px one in a wide frame only, and fetches ahead the 2048 px ones', async () => {
    const sources = (slug: string) => ({ small: `/media/panoramas/${slug}-2048.webp`, large: `/media/panoramas/${slug}-4096.webp` });
    let width = 1366;
    const asked: string[][] = [];
    const images = new PanoramaImages(
      { home: sources('home'), plan: sources('plan') },
      () => width,
      (urls) => asked.push([...urls]),
    );
    await expect(images.image('plan')).resolves.toEqual({
      url: '/media/panoramas/plan-2048.webp',
      sharper: '/media/panoramas/plan-4096.webp',
    });
    width = 375;
    await expect(images.image('plan')).resolves.toEqual({ url: '/media/panoramas/plan-2048.webp' });
    await expect(images.image('nowhere')).rejects.toThrow('no image for panorama nowhere');
    images.preload(['plan', 'nowhere', 'home']);
    images.preload(['nowhere']);
    expect(asked).toEqual([['/media/panoramas/plan-2048.webp', '/media/panoramas/home-2048.webp']]);
  });

  /** A decoder whose images resolve when the test says, recording what was fetched and closed. */
  function fakeDecoder() {
    const started: string[] = [];
    const closed: string[] = [];
    const finish = new Map<string, () => void>();
    const decode = (url: string) => {
      started.push(url);
      return new Promise<ImageBitmap>((resolve) =>
        finish.set(url, () => resolve({ width: 2048, height: 1024, close: () => closed.push(url) } as ImageBitmap)),
      );
    };
    const done = async (url: string) => {
      finish.get(url)?.();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { decode, started, closed, done };
  }

  it('decodes ahead one image after the other, keeps the last three asked for and closes those it lets go', async () => {
    const fake = fakeDecoder();
    const ahead = new AheadImages(3, fake.decode);
    ahead.want(['a', 'b', 'c']);
    await fake.done('none');
    expect(fake.started).toEqual(['a']);
    await fake.done('a');
    expect(fake.started).toEqual(['a', 'b']);
    await fake.done('b');
    await fake.done('c');
    // The most likely is the last to go.
    expect(ahead.urls).toEqual(['c', 'b', 'a']);
    ahead.want(['d', 'a']);
    expect(ahead.urls).toEqual(['b', 'a', 'd']);
    await fake.done('none');
    expect(fake.closed).toEqual(['c']);
    await fake.done('d');
    // A move takes its image: kept no longer, closed by whoever took it.
    const taken = ahead.take('d');
    await expect(taken).resolves.toMatchObject({ width: 2048 });
    expect(ahead.urls).toEqual(['b', 'a']);
    expect(ahead.take('d')).toBeUndefined();
    ahead.clear();
    await fake.done('none');
    expect(fake.closed.sort()).toEqual(['a', 'b', 'c']);
  });

  it('never fetches an image let go before its turn, and leaves to a move the one whose turn has not come', async () => {
    const fake = fakeDecoder();
    const ahead = new AheadImages(2, fake.decode);
    ahead.want(['a', 'b']);
    await fake.done('none');
    expect(fake.started).toEqual(['a']);
    ahead.want(['c', 'd']);
    // a is let go while it is fetched (closed once decoded), b before its turn; the move to d will not wait for c.
    expect(ahead.take('d')).toBeUndefined();
    await fake.done('a');
    await fake.done('c');
    expect(fake.started).toEqual(['a', 'c']);
    expect(fake.closed).toEqual(['a']);
    expect(ahead.urls).toEqual(['c']);
  });
});

describe('the offers of the stands', () => {
  const demo = (lang: 'en' | 'fr' = 'en') => salonOf(DEMO_STANDS, lang);

  it('names the offer of each stand by its panorama, a stable identifier for the tracking events', () => {
    const salon = demo();
    expect(salon.stands.map(offerSubject)).toEqual(DEMO_STANDS.map((s) => `offer_${s.slug}`));
    for (const subject of salon.stands.map(offerSubject)) expect(subject).toMatch(/^offer_[a-z0-9-]+$/);
  });

  it('gives a promotional offer to some stands, always the same ones', () => {
    const salon = demo();
    const promoted = salon.stands.filter((s) => promotionOf(s) !== null);
    expect(promoted.map((s) => s.panorama)).toEqual([
      'stand-helios-stockage',
      'stand-lumen',
      'stand-forge3d',
      'stand-terra',
      'stand-orbital',
    ]);
    for (const stand of promoted) expect(promotionOf(stand)).toBe(offerSubject(stand));
    expect(
      demo('fr')
        .stands.filter((s) => promotionOf(s) !== null)
        .map((s) => s.id),
    ).toEqual(promoted.map((s) => s.id));
  });

  it('passes on a referral code of the address only when it is a short code', () => {
    expect(referralCode('?lang=en&code_apporteur=PARTNER_42')).toBe('PARTNER_42');
    expect(referralCode('?code_apporteur=a-b_C9')).toBe('a-b_C9');
    expect(referralCode('?code_apporteur=' + 'x'.repeat(32))).toBe('x'.repeat(32));
    for (const search of [
      '',
      '?lang=fr',
      '?code_apporteur=',
      '?code_apporteur=' + 'x'.repeat(33),
      '?code_apporteur=%3Cb%3E',
      '?code_apporteur=a%20b',
      '?code_apporteur=caf%C3%A9',
    ]) {
      expect(referralCode(search)).toBeUndefined();
    }
  });
});

describe('the contest quiz', () => {
  const answerOf = (q: { choices: string[]; answer: number }) => q.choices[q.answer];

  it('asks 5 questions about the salon whose right answers come from its data', () => {
    const salon = salonOf(DEMO_STANDS);
    const quiz = buildQuiz(salon, TEXTS.en);
    expect(quiz).toHaveLength(QUIZ_LENGTH);
    expect(quiz.map((q) => q.id)).toEqual(['room-name', 'stand-count', 'company-of', 'stand-number', 'talks']);
    const [room, count, company, number, talks] = quiz;
    expect(room?.text).toBe('What is the salon called?');
    expect(room && answerOf(room)).toBe('Innovation Fair');
    expect(count?.text).toBe('How many stands are in the exhibition hall?');
    expect(count && answerOf(count)).toBe(String(DEMO_STANDS.length));
    // "Which company has the stand “X”?": X's company, by the demo data.
    const standName = /“(.+)”/.exec(company?.text ?? '')?.[1];
    const stand = DEMO_STANDS.find((s) => s.name_en === standName);
    expect(stand).toBeDefined();
    expect(company && answerOf(company)).toBe(stand?.company);
    // "Which stand has the number N on the floor plan?": the N-th stand of the plan.
    const n = Number(/number (\d+)/.exec(number?.text ?? '')?.[1]);
    expect(number && answerOf(number)).toBe(DEMO_STANDS[n - 1]?.name_en);
    expect(talks && answerOf(talks)).toBe('Conference room');
    for (const q of quiz) {
      expect(q.choices.length).toBeGreaterThanOrEqual(3);
      expect(q.choices.length).toBeLessThanOrEqual(4);
      expect(new Set(q.choices).size).toBe(q.choices.length);
      expect(q.choices[q.answer]).toBeDefined();
    }
    // The right answer is not always in the same place.
    expect(new Set(quiz.map((q) => q.answer)).size).toBeGreaterThan(1);
  });

  it('asks the same questions in the same order every time, in the page language', () => {
    const a = buildQuiz(salonOf(DEMO_STANDS), TEXTS.en);
    expect(buildQuiz(salonOf(DEMO_STANDS), TEXTS.en)).toEqual(a);
    const fr = buildQuiz(salonOf(DEMO_STANDS, 'fr', 'Salon de l’innovation'), TEXTS.fr);
    expect(fr[0]?.text).toBe('Comment s’appelle le salon ?');
    expect(fr[0] && answerOf(fr[0])).toBe('Salon de l’innovation');
    expect(fr[3] && answerOf(fr[3])).toBe(DEMO_STANDS[Number(/numéro (\d+)/.exec(fr[3]?.text ?? '')?.[1]) - 1]?.name);
  });

  it('still asks 5 right questions in a salon with few stands', () => {
    for (const stands of [[], DEMO_STANDS.slice(0, 1), DEMO_STANDS.slice(0, 2)]) {
      const quiz = buildQuiz(salonOf(stands), TEXTS.en);
      expect(quiz).toHaveLength(QUIZ_LENGTH);
      const count = quiz.find((q) => q.id === 'stand-count');
      expect(count && answerOf(count)).toBe(String(stands.length));
      for (const q of quiz) expect(q.choices.length).toBeGreaterThanOrEqual(3);
    }
    // A salon named like one of the wrong answers keeps distinct choices.
    const named = buildQuiz(salonOf([], 'en', 'Tech Expo'), TEXTS.en)[0];
    expect(named && answerOf(named)).toBe('Tech Expo');
    expect(new Set(named?.choices).size).toBe(named?.choices.length);
  });

  it('counts the right answers, question after question', () => {
    const quiz = buildQuiz(salonOf(DEMO_STANDS), TEXTS.en);
    const run = new QuizRun(quiz);
    expect(run.step).toEqual({ kind: 'question', index: 1, total: 5, question: quiz[0] });
    quiz.forEach((q, i) => run.answer(i < 3 ? q.answer : (q.answer + 1) % q.choices.length));
    expect(run.done).toBe(true);
    expect(run.step).toEqual({ kind: 'result', score: 3, total: 5 });
    run.answer(0);
    expect(run.score).toBe(3);
  });
});
