/** The only raw network call of the loader: it runs before any widget (and so before the shared API client) exists. */
export type Manifest = Record<string, string>;

export async function fetchManifest(url: string): Promise<Manifest> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`Response not ok: ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('widgets.json is not an object');
  const manifest: Manifest = {};
  for (const [name, entry] of Object.entries(body)) if (typeof entry === 'string') manifest[name] = entry;
  return manifest;
}
