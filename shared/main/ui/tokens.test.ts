import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { TOKENS, TOKENS_CSS, type TokenName } from './tokens';
import { LAYOUT_PROPERTIES, TOKEN_USES, tokenGroup } from '@salon/shared/test/tokens-doc';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'locales' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('design tokens', () => {
  test('every var(--salon-…) the widgets and the shared package use is a token (or a layout property they set)', () => {
    const defined = new Set([...Object.keys(TOKENS), ...LAYOUT_PROPERTIES]);
    const used = new Map<string, string>();
    for (const file of [...sources(path.join(ROOT, 'widgets')), ...sources(path.join(ROOT, 'shared'))]) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/var\((--salon-[a-z0-9-]+)/g))
        used.set(match[1]!, path.relative(ROOT, file));
    }
    const undefinedOnes = [...used].filter(([name]) => !defined.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(undefinedOnes).toEqual([]);
    // The widgets do use the tokens (the scan found them).
    expect(used.has('--salon-accent')).toBe(true);
  });

  test('the stylesheet defines each token on :root and :host, and each has its use and group for the designers', () => {
    expect(TOKENS_CSS.startsWith(':root,:host{')).toBe(true);
    for (const [name, value] of Object.entries(TOKENS)) {
      expect(TOKENS_CSS).toContain(`${name}:${value}`);
      expect(TOKEN_USES[name as TokenName]).toEqual(expect.any(String));
    }
    expect(tokenGroup('--salon-accent')).toBe('colour');
    expect(tokenGroup('--salon-space-s')).toBe('space');
    expect(tokenGroup('--salon-font-xl')).toBe('font-size');
    expect(tokenGroup('--salon-shadow-popup')).toBe('shadow');
  });
});
