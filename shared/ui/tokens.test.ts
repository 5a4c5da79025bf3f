import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { LAYOUT_PROPERTIES, TOKENS, TOKENS_CSS } from './tokens';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'locales' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('design tokens', () => {
  test('every var(--salon-…) the widgets and the shared package use is a token (or a layout property they set)', () => {
    const defined = new Set([...TOKENS.map((t) => t.name), ...LAYOUT_PROPERTIES]);
    const used = new Map<string, string>();
    for (const file of [...sources(path.join(ROOT, 'widgets')), ...sources(path.join(ROOT, 'shared'))]) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/var\((--salon-[a-z0-9-]+)/g)) used.set(match[1]!, path.relative(ROOT, file));
    }
    const undefinedOnes = [...used].filter(([name]) => !defined.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(undefinedOnes).toEqual([]);
    // The widgets do use the tokens (the scan found them).
    expect(used.has('--salon-color-accent')).toBe(true);
  });

  test('each token is named once, and the stylesheet defines each on :root and :host', () => {
    const names = TOKENS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(TOKENS_CSS.startsWith(':root,:host{')).toBe(true);
    for (const token of TOKENS) expect(TOKENS_CSS).toContain(`${token.name}:${token.value}`);
  });
});
