/**
 * The READMEs name real paths: every relative link, every file or folder in the first column of a table (a folder
 * README's one line per file), and every repository path in backticks (`shared/…`, `tests/…`) exists. Paths that
 * the build or a start writes (`dist/`, `data/`, `storybook-static/`) and patterns (`<name>`, `{id}`, `*`) are not
 * checked.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'storybook-static', 'test-results', 'coverage']);
const TOP_LEVEL = ['shared', 'widgets', 'host-shell', 'hosts', 'scripts', 'stories', 'tests', '.storybook', '.ci'];
const GENERATED = /^(dist|data|storybook-static|test-results)(\/|$)/;
const PATTERN = /[<>{}*…\s|$]/;

function readmes(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.git') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return readmes(path);
    return entry.name === 'README.md' || (folder === ROOT && entry.name === 'GLOSSARY.md') ? [path] : [];
  });
}

/** A path a README names: from the README's folder (or one of `under` it: the heading's, the cell's), or the root. */
interface NamedPath {
  path: string;
  from: 'readme' | 'root';
  under?: string[];
}

/** The paths a README names, each with where it is resolved from. */
export function namedPaths(text: string): NamedPath[] {
  const found: NamedPath[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(target!) && !target!.startsWith('/')) found.push({ path: target!, from: 'readme' });
  }
  // A table whose first column is headed "file", "path" or "folder" lists files, one a line; under a heading that
  // names a sub-folder (`## browser/`), that folder's. In a cell, `room/api.ts`, `sound.ts` are both in `room/`.
  let section = '';
  let listsFiles = false;
  for (const line of text.split('\n')) {
    const heading = /^#{2,} `?([\w.-]+)\/?`?\s*$/.exec(line);
    if (heading) section = heading[1]!;
    else if (line.startsWith('#')) section = '';
    const cell = /^\|([^|]+)\|/.exec(line)?.[1];
    if (!cell) {
      listsFiles = false;
      continue;
    }
    if (/^\s*(file|path|folder)\b/i.test(cell)) listsFiles = true;
    if (!listsFiles) continue;
    let cellFolder = '';
    for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
      if (!/\.[a-z]{1,5}$|\/$/.test(name!)) continue;
      const under = [section, cellFolder, section && cellFolder && join(section, cellFolder)].filter((u) => u);
      found.push({ path: name!, from: 'readme', ...(under.length ? { under } : {}) });
      if (name!.includes('/')) cellFolder = dirname(name!);
    }
  }
  for (const [, name] of text.matchAll(/`([^`\n]+)`/g)) {
    if (TOP_LEVEL.some((top) => name!.startsWith(`${top}/`))) found.push({ path: name!, from: 'root' });
  }
  return found.filter(({ path }) => !PATTERN.test(path) && !GENERATED.test(path));
}

function missing(readme: string): string[] {
  const folder = dirname(readme);
  return namedPaths(readFileSync(readme, 'utf8'))
    .filter(({ path, from, under = [] }) => {
      const clean = path.replace(/\/$/, '');
      const bases = from === 'root' ? [ROOT] : [folder, ...under.map((u) => join(folder, u)), ROOT];
      return !bases.some((base) => existsSync(join(base, clean)));
    })
    .map(({ path }) => path);
}

describe('the READMEs', () => {
  test('name only paths that exist', () => {
    const problems = readmes(ROOT).flatMap((readme) => missing(readme).map((path) => `${relative(ROOT, readme)}: ${path}`));
    expect(problems).toEqual([]);
  });

  test('a missing path is reported', () => {
    const text =
      '## engage\n\n| file | what |\n|---|---|\n| `room/gone.ts`, `lost.ts` | files |\n\nSee `shared/nowhere/x.ts` and [this](missing/README.md).';
    expect(namedPaths(text)).toEqual([
      { path: 'missing/README.md', from: 'readme' },
      { path: 'room/gone.ts', from: 'readme', under: ['engage'] },
      { path: 'lost.ts', from: 'readme', under: ['engage', 'room', 'engage/room'] },
      { path: 'shared/nowhere/x.ts', from: 'root' },
    ]);
  });
});
