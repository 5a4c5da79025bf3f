import { describe, expect, test } from '@jest/globals';
import { incompatibility, runtimeContractOf, sharedContractOf, RUNTIME_CONTRACT_REVISION } from './contract';
import { parseManifest } from './manifest';

const loader = { runtimeContract: '1+mf2.9.2', sharedContract: '0.1' };

describe('the contracts a build derives', () => {
  test('the runtime contract is the revision and the exact @module-federation version', () => {
    expect(runtimeContractOf('2.9.2')).toBe(`${RUNTIME_CONTRACT_REVISION}+mf2.9.2`);
    expect(runtimeContractOf('2.9.3')).not.toBe(runtimeContractOf('2.9.2'));
  });

  test('the @salon/shared contract keeps what a caret range keeps', () => {
    expect(sharedContractOf('0.1.0')).toBe('0.1');
    expect(sharedContractOf('0.1.7')).toBe('0.1');
    expect(sharedContractOf('0.2.0')).toBe('0.2');
    expect(sharedContractOf('0.0.3')).toBe('0.0.3');
    expect(sharedContractOf('1.4.2')).toBe('1');
    expect(sharedContractOf('2.0.0-beta.1')).toBe('2');
    expect(() => sharedContractOf('next')).toThrow('no semver version');
  });
});

describe('the loader’s contract check', () => {
  test('a line of the loader’s contracts is accepted', () => {
    expect(incompatibility('top-bar', { entry: 'top-bar/0123456789/remoteEntry.js', ...loader }, loader)).toBeNull();
  });

  test('another @salon/shared contract is refused, naming the widget and both versions', () => {
    const message = incompatibility('toaster', { entry: 'x', runtimeContract: '1+mf2.9.2', sharedContract: '0.2' }, loader);
    expect(message).toBe(
      '[salon] widget "toaster" not mounted: it was built for runtime contract 1+mf2.9.2 and @salon/shared 0.2; this loader provides runtime contract 1+mf2.9.2 and @salon/shared 0.1',
    );
  });

  test('another runtime contract is refused', () => {
    expect(incompatibility('room', { entry: 'x', runtimeContract: '1+mf2.10.0', sharedContract: '0.1' }, loader)).toContain(
      'runtime contract 1+mf2.10.0',
    );
  });

  test('a line without contracts (written before them) is refused', () => {
    expect(incompatibility('chat', { entry: 'chat/0123456789/remoteEntry.js' }, loader)).toContain(
      'runtime contract (none) and @salon/shared (none)',
    );
  });
});

describe('widgets.json', () => {
  test('lines are read with their contracts; a string line has none; other values are ignored', () => {
    const manifest = parseManifest({
      'top-bar': { entry: 'top-bar/a/remoteEntry.js', runtimeContract: '1+mf2.9.2', sharedContract: '0.1', extra: true },
      chat: 'chat/b/remoteEntry.js',
      room: { entry: 'room/c/remoteEntry.js', runtimeContract: 1 },
      broken: { runtimeContract: '1+mf2.9.2' },
      nothing: null,
    });
    expect(manifest).toEqual({
      'top-bar': { entry: 'top-bar/a/remoteEntry.js', runtimeContract: '1+mf2.9.2', sharedContract: '0.1' },
      chat: { entry: 'chat/b/remoteEntry.js' },
      room: { entry: 'room/c/remoteEntry.js' },
    });
  });

  test('a manifest that is not an object is refused', () => {
    expect(() => parseManifest([])).toThrow('not an object');
    expect(() => parseManifest(null)).toThrow('not an object');
  });
});
