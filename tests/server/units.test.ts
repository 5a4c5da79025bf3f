import { describe, expect, it } from '@jest/globals';
import { MAX_ID, decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { ChangeRing } from '../../host-shell/server/live/ring';
import type { Scope } from '../../host-shell/server/live/changes';
import { fromAcceptLanguage, resolveLocale } from '../../host-shell/server/lib/locale';
import { hashPassword, verifyPassword } from '../../host-shell/server/lib/password';
import { cacheControlFor } from '../../host-shell/server/plugins/static';
import { fastifyPaths } from '../../host-shell/server/routes/pages';
import { serializeScriptJson, widgetsFor } from '../../host-shell/server/salon-page/markup';
import type { PageData } from '@salon/shared/contracts/page-data';

describe('obfuscated ids', () => {
  it('round-trips and does not look like the number', () => {
    for (const id of [1, 2, 42, 1000, 2 ** 31 - 1]) {
      const encoded = encodeId(id);
      expect(encoded).toMatch(/^[A-Za-z0-9]{6,}$/);
      expect(encoded).not.toContain(String(id));
      expect(decodeId(encoded)).toBe(id);
    }
  });

  it.each(['', 'abc', '!!!!!!', '../etc', 'a'.repeat(40), '12345678'])('decodes %p to null, not an error', (value) => {
    expect(() => decodeId(value)).not.toThrow();
    const decoded = decodeId(value);
    if (decoded !== null) expect(encodeId(decoded)).toBe(value);
  });

  it('decodes nothing above the largest 32-bit id (the id columns are integer on PostgreSQL)', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    expect(decodeId(encodeId(MAX_ID))).toBe(MAX_ID);
    for (const id of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) expect(decodeId(encodeId(id))).toBeNull();
  });

  it('accepts only the canonical spelling of an id', () => {
    const encoded = encodeId(7);
    expect(decodeId(encoded.toUpperCase() === encoded ? encoded.toLowerCase() : encoded.toUpperCase())).not.toBe(7);
  });
});

describe('passwords', () => {
  it('hashes with a salt and the parameters, and verifies', async () => {
    const a = await hashPassword('salon-demo', 1024);
    const b = await hashPassword('salon-demo', 1024);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('salon-demo', a)).toBe(true);
    expect(await verifyPassword('salon-demo!', a)).toBe(false);
    expect(await verifyPassword('salon-demo', 'garbage')).toBe(false);
    expect(await verifyPassword('salon-demo', null)).toBe(false);
  });
});

describe('locale', () => {
  it('prefers the cookie, then the user, then the browser, then English', () => {
    expect(resolveLocale('fr_FR', 'en_EN', 'en')).toBe('fr_FR');
    expect(resolveLocale('xx', 'fr_FR', 'en')).toBe('fr_FR');
    expect(resolveLocale(undefined, null, 'fr-BE')).toBe('fr_FR');
    expect(resolveLocale(undefined, null, 'ja')).toBe('en_EN');
    expect(fromAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en_EN');
  });
});

describe('route table → fastify paths', () => {
  it.each([
    ['/', ['/']],
    ['/salon[/{path}]', ['/salon', '/salon/*']],
    ['/exposant/{id_user}/profil', ['/exposant/:id_user/profil']],
    ['/a[/{b}[/{c}]]', ['/a', '/a/:b', '/a/:b/*']],
  ])('%s → %j', (pattern, paths) => {
    expect(fastifyPaths(pattern)).toEqual(paths);
  });
});

describe('static cache policy', () => {
  it.each([
    ['loader.js', 'no-cache'],
    ['widgets.json', 'no-cache'],
    ['chat/0a1b2c3d/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['chat/v2/remoteEntry.js', 'no-cache'],
    ['chat/3f9a1c2b.js', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('page-data markup', () => {
  const data = (profile: PageData['user']['profile'], journey: '0' | '1'): Pick<PageData, 'features' | 'user'> =>
    ({ features: { journey }, user: { profile } as PageData['user'] }) as Pick<PageData, 'features' | 'user'>;

  it('picks the widgets by feature flag and profile', () => {
    expect(widgetsFor(data('exhibitor', '1'))).toContain('activity-stream');
    expect(widgetsFor(data('visitor', '1'))).not.toContain('activity-stream');
    expect(widgetsFor(data('visitor', '0'))).not.toContain('journey');
  });

  it('escapes what could end the script element and stays equal once parsed', () => {
    const hostile = '</script><!-- & \u2028\u2029 >';
    const pageData = { version: 1, user: { pseudo: hostile } } as unknown as PageData;
    const json = serializeScriptJson(pageData);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(pageData);
  });
});

describe('the live resume buffer', () => {
  const ring = new ChangeRing(3);
  ring.push({ from: 10, to: 12, scopes: ['chat'] });
  ring.push({ from: 13, to: 13, scopes: ['active'] });
  ring.push({ from: 14, to: 20, scopes: ['vis:1'] });
  ring.push({ from: 21, to: 25, scopes: ['chat', 'his:2'] });

  it('holds the last flushes only, and knows the ids it gave', () => {
    expect(ring.size).toBe(3);
    expect([12, 13, 20, 25].map((id) => ring.issued(id))).toEqual([false, true, true, true]);
    expect([11, 14, 21, 26].map((id) => ring.issued(id))).toEqual([false, false, false, false]);
  });

  const all: Scope[] = ['active', 'vis:1', 'chat', 'his:2', 'ex:3'];

  it('gives the scopes asked about touched after an id, or null when it no longer reaches back', () => {
    expect(ring.scopesAfter(12, all)).toEqual(new Set(['active', 'vis:1', 'chat', 'his:2']));
    expect(ring.scopesAfter(13, all)).toEqual(new Set(['vis:1', 'chat', 'his:2']));
    expect(ring.scopesAfter(17, all)).toEqual(new Set(['vis:1', 'chat', 'his:2']));
    expect(ring.scopesAfter(20, all)).toEqual(new Set(['chat', 'his:2']));
    expect(ring.scopesAfter(25, all)).toEqual(new Set());
    expect(ring.scopesAfter(11, all)).toBeNull();
    expect(ring.scopesAfter(13, ['active', 'his:2'])).toEqual(new Set(['his:2']));
  });

  it('keeps a scope touched again when its older flush leaves, and forgets one that was not', () => {
    const small = new ChangeRing(2);
    small.push({ from: 1, to: 1, scopes: ['chat', 'active'] });
    small.push({ from: 2, to: 2, scopes: ['chat'] });
    small.push({ from: 3, to: 3, scopes: ['vis:1'] });
    expect(small.scopesAfter(1, all)).toEqual(new Set(['chat', 'vis:1']));
    expect(small.scopesAfter(2, all)).toEqual(new Set(['vis:1']));
  });

  it('says so when a flush since touched what nobody knows', () => {
    const unknown = new ChangeRing(3);
    unknown.push({ from: 1, to: 1, scopes: ['chat'] });
    unknown.push({ from: 2, to: 4, scopes: ['*'] });
    unknown.push({ from: 5, to: 5, scopes: ['active'] });
    expect(unknown.scopesAfter(1, ['active'])).toEqual(new Set(['*', 'active']));
    expect(unknown.scopesAfter(4, ['active', 'chat'])).toEqual(new Set(['active']));
  });
});
