/**
 * Where a login or a registration sends the person back to: a place in the room (`/salon` or `/salon/<panorama>`),
 * given by the page that asked them to log in (`/connexion?retour=/salon/stand-x`). Anything else — another page,
 * another origin (`//evil.example`), a backslash or an encoded path — is not a place to return to (null).
 */
export function roomReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return /^\/salon(?:\/[A-Za-z0-9_-]{1,100})?$/.test(value) ? value : null;
}
