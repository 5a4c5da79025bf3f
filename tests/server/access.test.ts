/**
 * Who enters the room, and when: `GET /api/check_legitimity`, the administrators' opening hours (in the salon's time
 * zone) and access mode on `/admin/acces`, and what `/salon` shows to a person turned away.
 */
import { describe, expect, it } from '@jest/globals';
import { zonedInstant } from '../../host-shell/server/services/access';
import { callApi } from './http';
import { sessionCookieOf } from './accounts';
import { DEMO, ORIGIN, login, request, useTestApp } from './helpers';

const t = useTestApp();
const formPost = (url: string, fields: Record<string, string>, cookie?: string) =>
  request(t.app, {
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
const check = async (cookie?: string) =>
  (await callApi(t.app, 'GET', '/api/check_legitimity', undefined, cookie)).json() as { data: Record<string, unknown> };
const local = (date: Date) => date.toISOString().slice(0, 16);

describe('check_legitimity', () => {
  it('reads wall-clock times in the salon’s time zone, summer and winter', () => {
    expect(zonedInstant('2026-07-01T09:00', 'Europe/Paris').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant('2026-12-01T09:00', 'Europe/Paris').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(zonedInstant('2026-12-01T09:00', 'UTC').toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('lets anyone in by default', async () => {
    expect(await check()).toEqual({ data: { legitimate: true } });
    expect((await request(t.app, { method: 'GET', url: '/salon' })).statusCode).toBe(200);
  });

  it('refuses bad settings with their messages, and other profiles than administrators', async () => {
    const admin = await login(t.app, DEMO.admin);
    const bad = await formPost(
      '/admin/acces',
      { time_zone: 'Mars/Olympus', opens_at: '2026-12-01T09:00', closes_at: '2026-12-01T08:00', mode: 'everyone' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Expected a time zone such as Europe/Paris');
    expect(bad.body).toContain('Must be after the opening');
    expect(bad.body).toContain('Choose who may enter');
    const promoter = await formPost('/admin/acces', { time_zone: 'UTC', mode: 'anyone' }, await login(t.app, DEMO.promoter));
    expect(promoter.statusCode).toBe(403);
  });

  it('before the opening, tells visitors when the salon opens, in their language, and lets exhibitors in', async () => {
    const admin = await login(t.app, DEMO.admin);
    const opens = new Date(Date.now() + 3 * 86400_000);
    opens.setUTCHours(9, 30, 0, 0);
    const saved = await formPost('/admin/acces', { time_zone: 'UTC', opens_at: local(opens), closes_at: '', mode: 'anyone' }, admin);
    expect(saved.statusCode).toBe(303);
    expect(await check()).toEqual({
      data: {
        legitimate: false,
        reason: 'closed',
        opens_at: opens.toISOString(),
        time_zone: 'UTC',
        message: expect.stringMatching(/^The salon opens on \d+ \w+ \d{4} at 09:30\.$/),
      },
    });
    // A host page shows the same sentence, in the person's language and the salon's time zone.
    expect((await check('salon_locale=fr_FR')).data.message).toMatch(/^Le salon ouvre le \d+ \S+ \d{4} à 09:30\.$/);
    const visitor = await login(t.app, DEMO.visitor);
    const room = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: visitor } });
    expect(room.statusCode).toBe(403);
    expect(room.body).toMatch(/The salon opens on \d+ \w+ \d{4} at 09:30\./);
    const french = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: 'salon_locale=fr_FR' } });
    expect(french.body).toMatch(/Le salon ouvre le \d+ \S+ \d{4} à 09:30\./);
    const exhibitor = await login(t.app, DEMO.exhibitor);
    expect(await check(exhibitor)).toEqual({ data: { legitimate: true } });
    expect((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: exhibitor } })).statusCode).toBe(200);
    // After the closing: closed, with no opening to come.
    const past = new Date(Date.now() - 86400_000);
    await formPost('/admin/acces', { time_zone: 'Europe/Paris', opens_at: '', closes_at: local(past), mode: 'anyone' }, admin);
    expect(await check(visitor)).toEqual({
      data: { legitimate: false, reason: 'closed', time_zone: 'Europe/Paris', message: 'The salon is closed.' },
    });
  });

  it('“invited only” refuses a self-registered visitor and anonymous visits, and admits an account the salon made', async () => {
    const admin = await login(t.app, DEMO.admin);
    await formPost('/admin/acces', { time_zone: 'Europe/Paris', opens_at: '', closes_at: '', mode: 'invited' }, admin);
    const registered = await formPost('/inscription', {
      email: 'self@example.org',
      password: 'long enough',
      firstname: 'Self',
      lastname: 'Made',
    });
    expect(registered.statusCode).toBe(303);
    const self = sessionCookieOf(registered);
    expect(await check(self)).toEqual({
      data: { legitimate: false, reason: 'not_invited', time_zone: 'Europe/Paris', message: 'The salon is open to invited guests only.' },
    });
    const room = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: self } });
    expect(room.statusCode).toBe(403);
    expect(room.body).toContain('The salon is open to invited guests only.');
    expect(await check()).toEqual({
      data: {
        legitimate: false,
        reason: 'login_required',
        time_zone: 'Europe/Paris',
        message: 'The salon is open to registered visitors: log in to enter.',
      },
    });
    expect(await check(await login(t.app, DEMO.visitor))).toEqual({ data: { legitimate: true } });
    // "Registered accounts": the self-registered visitor enters.
    await formPost('/admin/acces', { time_zone: 'Europe/Paris', opens_at: '', closes_at: '', mode: 'registered' }, admin);
    expect(await check(self)).toEqual({ data: { legitimate: true } });
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'access.update').execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    await formPost('/admin/acces', { time_zone: 'Europe/Paris', opens_at: '', closes_at: '', mode: 'anyone' }, admin);
  });
});
