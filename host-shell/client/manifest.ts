/** The only raw network call of the loader: it runs before any widget (and so before the shared API client) exists. */
import type { ManifestLine } from './contract';

/** widgets.json: widget name → its line (`contract.ts`). */
export type Manifest = Record<string, ManifestLine>;

/** Reads the lines; a line that is only a string (a manifest written before the contracts) declares no contract. */
export function parseManifest(body: unknown): Manifest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('widgets.json is not an object');
  const manifest: Manifest = {};
  for (const [name, line] of Object.entries(body as Record<string, unknown>)) {
    if (typeof line === 'string') manifest[name] = { entry: line };
    else if (line && typeof line === 'object' && typeof (line as ManifestLine).entry === 'string') {
      const { entry, runtimeContract, sharedContract } = line as Record<string, unknown>;
      manifest[name] = {
        entry: entry as string,
        ...(typeof runtimeContract === 'string' ? { runtimeContract } : {}),
        ...(typeof sharedContract === 'string' ? { sharedContract } : {}),
      };
    }
  }
  return manifest;
}

export async function fetchManifest(url: string): Promise<Manifest> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`Response not ok: ${response.status}`);
  return parseManifest(await response.json());
}
