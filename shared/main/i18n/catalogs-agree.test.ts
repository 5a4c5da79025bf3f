import { describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Lingui merges every widget's catalog into one table per language, so one English text (with one context) must
 * have one translation across catalogs; otherwise the translation a page shows depends on which widget loaded last.
 */
const root = path.resolve(__dirname, '..', '..', '..');

/** Every catalog of lingui.config.ts: each `locales/<locale>/messages.po` under shared/ and widgets/. */
function catalogs(locale: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const sub = path.join(dir, entry.name);
      const po = path.join(sub, locale, 'messages.po');
      if (entry.name === 'locales' && fs.existsSync(po)) found.push(po);
      else walk(sub);
    }
  };
  walk(path.join(root, 'shared'));
  walk(path.join(root, 'widgets'));
  return found;
}

/** msgctxt + msgid → msgstr, for the one-line entries Lingui writes (multi-line strings are joined). */
function entries(file: string): Map<string, string> {
  const out = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  let ctxt = '';
  let id: string | null = null;
  let current: 'id' | 'str' | null = null;
  let str = '';
  const flush = () => {
    if (id) out.set(`${ctxt}\u0004${id}`, str);
    ctxt = '';
    id = null;
    str = '';
    current = null;
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgctxt ')) {
      if (id !== null) flush();
      ctxt = unquote(line);
    } else if (line.startsWith('msgid ')) {
      if (id !== null) flush();
      id = unquote(line);
      current = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line);
      current = 'str';
    } else if (line.startsWith('"') && current) {
      if (current === 'id') id = `${id ?? ''}${unquote(line)}`;
      else str += unquote(line);
    }
  }
  flush();
  return out;
}

describe.each(['en', 'fr'])('%s catalogs', (locale) => {
  test('give one translation to each message shared by several widgets', () => {
    const seen = new Map<string, { str: string; file: string }>();
    const conflicts: string[] = [];
    for (const file of catalogs(locale)) {
      for (const [key, str] of entries(file)) {
        const before = seen.get(key);
        if (before && before.str !== str)
          conflicts.push(
            `${JSON.stringify(key.split('\u0004')[1])}: ${JSON.stringify(before.str)} (${path.relative(root, before.file)}) vs ${JSON.stringify(str)} (${path.relative(root, file)})`,
          );
        else seen.set(key, { str, file });
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(conflicts).toEqual([]);
  });
});
