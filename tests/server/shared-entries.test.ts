import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { singletonEntries } from '../../scripts/build/shared-entries';

/** `@salon/shared`'s entries: its exports map, the folders on disk, the lint rules and the federation config agree. */
const root = path.resolve(__dirname, '..', '..');
const sharedDir = path.join(root, 'shared');
const exportsMap = (JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as { exports: Record<string, string> })
  .exports;

/** Lints snippets as if they were these files, with the project's configuration; answers the rules each one broke. */
function lint(snippets: Record<string, string>): Record<string, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const snippets = JSON.parse(process.argv[1]);
    const out = {};
    for (const [file, code] of Object.entries(snippets)) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out[file] = result.messages.map((m) => m.ruleId ?? m.message);
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(snippets)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, string[]>;
}

describe('the entries of @salon/shared', () => {
  test('the exports map lists exactly the entry folders (each with its index.ts) and the contracts and test helpers', () => {
    // main/'s own folders (bus/, api/, ui/, i18n/) have an index.ts too: they are the main entry's parts.
    const indexFolders = fs
      .readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === 'index.ts' && !/^(contracts|test)\/|^main\/.+\//.test(file))
      .map((file) => path.dirname(file))
      .map((dir) => (dir === 'main' ? '.' : `./${dir}`));
    const fileEntries = ['contracts', 'test'].flatMap((dir) =>
      fs
        .readdirSync(path.join(sharedDir, dir))
        .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
        .map((file) => `./${dir}/${file.replace(/\.tsx?$/, '')}`),
    );
    // The forms' texts and compiled catalogs, without the rest of the forms entry: what the server translates its answers from.
    const serverParts = ['./forms/texts', './forms/catalogs/en', './forms/catalogs/fr'];
    expect(Object.keys(exportsMap).sort()).toEqual([...indexFolders, ...fileEntries, ...serverParts].sort());
    for (const target of Object.values(exportsMap)) expect(fs.existsSync(path.join(sharedDir, target))).toBe(true);
  });

  test('module federation shares every entry but the contracts and the test helpers, each once per page', () => {
    expect(singletonEntries(exportsMap)).toEqual(
      expect.arrayContaining(['@salon/shared', '@salon/shared/room', '@salon/shared/live/socket', '@salon/shared/journey']),
    );
    expect(singletonEntries(exportsMap).filter((name) => /\/(contracts|test)\//.test(name))).toEqual([]);
  });

  test('lint refuses a deep import, a relative path into shared/, a relative import leaving its entry, and a value from a contract in a widget', () => {
    const broke = lint({
      'widgets/top-bar/deep.ts': "import { isFieldPublished } from '@salon/shared/chat/chatRules';\nexport const f = isFieldPublished;\n",
      'widgets/top-bar/relative.ts': "import { $room } from '../../shared/room/room';\nexport const r = $room;\n",
      'host-shell/server/relative.ts': "import { url } from '../../shared/contracts/routes';\nexport const u = url;\n",
      'shared/exhibitors/leaves.ts': "import { $chat } from '../chat/chat';\nexport const c = $chat;\n",
      'shared/live/nested.ts': "import { $socketState } from './socket/socket';\nexport const s = $socketState;\n",
      'widgets/room/value.ts':
        "import { SPECIAL_PANORAMAS } from '@salon/shared/contracts/room-frame';\nexport const p = SPECIAL_PANORAMAS;\n",
      'shared/room/schema.ts': "import { StreamData } from '@salon/shared/contracts/room';\nexport const s = StreamData;\n",
      'widgets/room/fine.ts':
        "import type { StreamData } from '@salon/shared/contracts/room';\nimport { $room } from '@salon/shared/room';\nexport const r: StreamData | null = $room.get() ? null : null;\n",
      'shared/room/fine.ts':
        "import { SPECIAL_PANORAMAS } from '@salon/shared/contracts/room-frame';\nimport { $room } from './room';\nexport const p = [SPECIAL_PANORAMAS, $room];\n",
    });
    expect(broke['widgets/top-bar/deep.ts']).toContain('salon/shared-entries');
    expect(broke['widgets/top-bar/relative.ts']).toContain('salon/shared-entries');
    expect(broke['host-shell/server/relative.ts']).toContain('salon/shared-entries');
    expect(broke['shared/exhibitors/leaves.ts']).toContain('salon/shared-entries');
    expect(broke['shared/live/nested.ts']).toContain('salon/shared-entries');
    expect(broke['widgets/room/value.ts']).toContain('salon/contracts-as-types');
    expect(broke['shared/room/schema.ts']).toContain('salon/contracts-as-types');
    expect(broke['widgets/room/fine.ts']).toEqual([]);
    expect(broke['shared/room/fine.ts']).toEqual([]);
  }, 120_000);
});
