/**
 * The named routes of spec §2.1 and the one builder that server and widgets use to make absolute addresses.
 * Patterns use `{param}` segments and optional trailing segments in brackets: `/salon[/{path}]`.
 */
export const ROUTES = {
  home: '/',
  room: '/salon[/{path}]',
  notfound: '/404',
  profile: '/profil',
  contact: '/contact',
  login: '/connexion',
  faq: '/faq',
  'legal-notice': '/mentions-legales',
  'privacy-policy': '/politique-de-confidentialite',
  'contest-rules': '/reglement',
  'cookie-policy': '/cookies',
  'chat.file': '/chat/file/{filename}',
  logout: '/deconnexion',
  exhibitor: '/exposant',
  'exhibitor.profile': '/exposant/{id_user}/profil',
  'exhibitor.profile.me': '/exposant/profil',
  promoter: '/organisateur',
  'promoter.visitors': '/organisateur/visiteurs',
  admin: '/admin',
  'admin.panoramas': '/admin/panoramas',
  'admin.imports': '/admin/imports',
  'admin.companies': '/admin/entreprises',
  'admin.stands': '/admin/stands',
  'admin.accounts': '/admin/comptes',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RouteParams = Record<string, string | number | null | undefined>;
export type QueryValue = string | number | boolean | null | undefined;

export interface BuildOptions {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  hash?: string;
  /** Scheme and host, e.g. `https://salon.example`. Defaults to the page's origin in a browser. */
  origin?: string;
}

export class RouteError extends Error {
  constructor(
    message: string,
    readonly route: string,
    readonly segment?: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function fillRequired(route: string, part: string, params: RouteParams, optional: boolean): string | null {
  let missing = false;
  const out = part.replace(PARAM, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (!optional) throw new RouteError(`Missing data for URL segment "${name}" of route "${route}"`, route, name);
      missing = true;
      return '';
    }
    // A trailing path may carry slashes; each of its parts is encoded on its own.
    return String(value).split('/').map(encodeURIComponent).join('/');
  });
  return missing ? null : out;
}

/** Splits `/a/{b}[/{c}[/{d}]]` into its required head and its nested optional tails. */
function splitOptional(route: string, pattern: string): { head: string; optional: string[] } {
  const open = pattern.indexOf('[');
  const closeFirst = pattern.indexOf(']');
  if (open === -1) {
    if (closeFirst !== -1) throw new RouteError(`Malformed optional URL segment in route "${route}"`, route);
    return { head: pattern, optional: [] };
  }
  if (!pattern.endsWith(']'))
    throw new RouteError(`Malformed optional URL segment in route "${route}": optional segments must be trailing`, route);
  const head = pattern.slice(0, open);
  if (head.includes(']')) throw new RouteError(`Malformed optional URL segment in route "${route}"`, route);
  const inner = pattern.slice(open + 1, -1);
  const rest = splitOptional(route, inner);
  if (rest.head === '') throw new RouteError(`Malformed optional URL segment in route "${route}": empty brackets`, route);
  return { head, optional: [rest.head, ...rest.optional] };
}

/** Builds the path of a pattern (exported for routes that are not in the table, such as the API's). */
export function buildPath(pattern: string, params: RouteParams = {}, routeName = pattern): string {
  const { head, optional } = splitOptional(routeName, pattern);
  let path = fillRequired(routeName, head, params, false) ?? '';
  for (const part of optional) {
    const filled = fillRequired(routeName, part, params, true);
    if (filled === null) break;
    path += filled;
  }
  return path === '' ? '/' : path;
}

function queryString(query: BuildOptions['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === undefined || value === null) continue;
      search.append(Array.isArray(raw) ? `${key}[]` : key, String(value));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

function defaultOrigin(): string {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  if (loc?.origin && loc.origin !== 'null') return loc.origin;
  throw new RouteError('No origin given to build an absolute address', '');
}

/** An absolute address for a named route: `url('exhibitor.profile', {id_user: 'x7Ka'}, {query: {tab: 'a'}, hash: 'top'})`. */
export function url(name: RouteName, params: RouteParams = {}, options: BuildOptions = {}): string {
  const pattern: string = ROUTES[name];
  if (pattern === undefined) throw new RouteError(`Unknown route "${String(name)}"`, String(name));
  const origin = (options.origin ?? defaultOrigin()).replace(/\/+$/, '');
  const hash = options.hash ? `#${encodeURIComponent(options.hash)}` : '';
  return `${origin}${buildPath(pattern, params, name)}${queryString(options.query)}${hash}`;
}

/** The same, without scheme and host. */
export function path(name: RouteName, params: RouteParams = {}, options: Omit<BuildOptions, 'origin'> = {}): string {
  const hash = options.hash ? `#${encodeURIComponent(options.hash)}` : '';
  return `${buildPath(ROUTES[name], params, name)}${queryString(options.query)}${hash}`;
}
