/**
 * @jest-environment node
 */
import fs from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { BUNDLER_JS, REMOTE_BUNDLER_RUNTIME, contractsOf, federationVersion, sharedModules } from './webpack';

/** The build's side of federation against the installed packages: what an upgrade of @module-federation may break. */
describe('the federation build', () => {
  test('the swap replaces the bundler runtime the glue imports (the file @module-federation/enhanced resolves)', () => {
    // FederationRuntimePlugin resolves the glue's `import federation from '…'` with require.resolve, as here.
    const glueImports = require.resolve('@module-federation/webpack-bundler-runtime/bundler');
    expect(glueImports).toMatch(BUNDLER_JS);
    expect(fs.existsSync(REMOTE_BUNDLER_RUNTIME)).toBe(true);
  });

  test('the runtime contract names the installed @module-federation, the runtime and bundler runtime of the same release', () => {
    const version = federationVersion();
    expect(contractsOf('0.4.0')).toEqual({ runtimeContract: `1+mf${version}`, sharedContract: '0.4' });
    for (const pkg of ['runtime', 'webpack-bundler-runtime']) {
      const installed = JSON.parse(fs.readFileSync(require.resolve(`@module-federation/${pkg}/package.json`), 'utf8')) as {
        version: string;
      };
      expect(`${pkg} ${installed.version}`).toBe(`${pkg} ${version}`);
    }
  });

  test('each singleton is shared with its subpaths, at the version the project depends on', () => {
    const shared = sharedModules(['react'], { react: '19.3.1' }, ['@salon/shared/room'], '0.4.0');
    expect(shared).toEqual({
      react: { singleton: true, requiredVersion: '19.3.1' },
      'react/': { singleton: true, requiredVersion: '19.3.1' },
      '@salon/shared/room': { singleton: true, requiredVersion: '0.4.0', version: '0.4.0' },
    });
    expect(() => sharedModules(['left-pad'], {}, [], '0.4.0')).toThrow('left-pad is not a dependency');
  });
});
