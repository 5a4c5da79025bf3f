import { describe, expect, test } from '@jest/globals';
import { buildPath, path, RouteError, ROUTES, url } from './routes';

const origin = 'https://salon.example';

describe('url()', () => {
  test('builds an absolute address for a route without parameters', () => {
    expect(url('home', {}, { origin })).toBe('https://salon.example/');
    expect(url('logout', {}, { origin })).toBe('https://salon.example/deconnexion');
    expect(url('legal-notice', {}, { origin })).toBe('https://salon.example/mentions-legales');
  });

  test('fills required {param} segments, encoded', () => {
    expect(url('exhibitor.profile', { id_user: 'x7Ka' }, { origin })).toBe('https://salon.example/exposant/x7Ka/profil');
    expect(url('chat.file', { filename: 'rapport final é.pdf' }, { origin })).toBe(
      'https://salon.example/chat/file/rapport%20final%20%C3%A9.pdf',
    );
    expect(url('exhibitor.profile', { id_user: 12 }, { origin })).toBe('https://salon.example/exposant/12/profil');
  });

  test.each([undefined, null, ''])('a missing required parameter (%p) is an error "Missing data for URL segment"', (value) => {
    expect(() => url('exhibitor.profile', { id_user: value }, { origin })).toThrow(RouteError);
    expect(() => url('exhibitor.profile', { id_user: value }, { origin })).toThrow(/Missing data for URL segment/);
  });

  test('the error names the segment and the route', () => {
    let caught: unknown;
    try {
      url('chat.file', {}, { origin });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RouteError);
    expect((caught as RouteError).segment).toBe('filename');
    expect((caught as RouteError).route).toBe('chat.file');
  });

  test('optional trailing segments are left out when their data is missing', () => {
    expect(url('room', {}, { origin })).toBe('https://salon.example/salon');
    expect(url('room', { path: '' }, { origin })).toBe('https://salon.example/salon');
  });

  test('optional trailing segments are added when given, each part of a path encoded on its own', () => {
    expect(url('room', { path: 'stand/a b' }, { origin })).toBe('https://salon.example/salon/stand/a%20b');
  });

  test('query strings, with arrays as key[] and empty values left out', () => {
    const built = url('promoter.visitors', {}, { origin, query: { page: 2, tags: ['a', 'b'], flag: true, skip: undefined, none: null } });
    const parsed = new URL(built);
    expect(parsed.pathname).toBe('/organisateur/visiteurs');
    expect(parsed.searchParams.get('page')).toBe('2');
    expect(parsed.searchParams.getAll('tags[]')).toEqual(['a', 'b']);
    expect(parsed.searchParams.get('flag')).toBe('true');
    expect(parsed.searchParams.has('skip')).toBe(false);
    expect(parsed.searchParams.has('none')).toBe(false);
  });

  test('an empty query adds no "?"', () => {
    expect(url('faq', {}, { origin, query: { a: undefined } })).toBe('https://salon.example/faq');
  });

  test('hash, encoded, after the query', () => {
    expect(url('faq', {}, { origin, query: { q: 'x' }, hash: 'question 2' })).toBe('https://salon.example/faq?q=x#question%202');
  });

  test('the origin loses its trailing slashes; without one the page origin is used', () => {
    expect(url('faq', {}, { origin: 'https://salon.example//' })).toBe('https://salon.example/faq');
    expect(url('faq')).toBe(`${globalThis.location.origin}/faq`);
  });

  test('an unknown route name is an error', () => {
    expect(() => url('nope' as never, {}, { origin })).toThrow(/Unknown route/);
  });

  test('every named route of the table builds', () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      expect(url(name, { id_user: 'u1', filename: 'f.txt' }, { origin })).toMatch(/^https:\/\/salon\.example\//);
    }
  });
});

describe('path()', () => {
  test('the same address without scheme and host', () => {
    expect(path('exhibitor.profile', { id_user: 'x7Ka' }, { query: { tab: 'a' }, hash: 'top' })).toBe('/exposant/x7Ka/profil?tab=a#top');
  });
});

describe('buildPath() optional segments', () => {
  test('nested optional segments stop at the first missing one', () => {
    const pattern = '/a[/{b}[/{c}]]';
    expect(buildPath(pattern, {})).toBe('/a');
    expect(buildPath(pattern, { b: 'x' })).toBe('/a/x');
    expect(buildPath(pattern, { b: 'x', c: 'y' })).toBe('/a/x/y');
    expect(buildPath(pattern, { c: 'y' })).toBe('/a');
  });

  test.each([
    ['unclosed bracket', '/a[/{b}'],
    ['stray closing bracket', '/a]/{b}'],
    ['optional segment that is not trailing', '/a[/{b}]/c'],
    ['empty brackets', '/a[]'],
  ])('malformed optional segments are errors: %s', (_label, pattern) => {
    expect(() => buildPath(pattern, { b: 'x' })).toThrow(/Malformed optional URL segment/);
  });

  test('a required segment inside the head is still required with optional tails', () => {
    expect(() => buildPath('/a/{id}[/{b}]', { b: 'x' })).toThrow(/Missing data for URL segment/);
    expect(buildPath('/a/{id}[/{b}]', { id: '1' })).toBe('/a/1');
  });
});
