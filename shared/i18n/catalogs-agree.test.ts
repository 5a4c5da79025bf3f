import { describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Lingui merges every widget's catalog into one table per language, so one English text (with one context) must
 * have one translation across catalogs; otherwise the translation a page shows depends on which widget loaded last.
 */
const root = path.resolve(__dirname, '..', '..');

function catalogs(locale: string): string[] {
  const widgets = fs.readdirSync(path.join(root, 'widgets')).map((w) => path.join(root, 'widgets', w, 'locales', locale, 'messages.po'));
  return [path.join(root, 'shared', 'i18n', 'locales', locale, 'messages.po'), ...widgets].filter((f) => fs.existsSync(f));
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
        if (before && before.str !== str) conflicts.push(`${JSON.stringify(key.split('\u0004')[1])}: ${JSON.stringify(before.str)} (${path.relative(root, before.file)}) vs ${JSON.stringify(str)} (${path.relative(root, file)})`);
        else seen.set(key, { str, file });
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(conflicts).toEqual([]);
  });
});
