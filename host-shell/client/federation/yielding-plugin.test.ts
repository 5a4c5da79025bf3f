import { describe, expect, jest, test } from '@jest/globals';
import { yieldingPlugin } from './yielding-plugin';

type Hook = (args: object) => Promise<unknown>;

/** Whether `promise` settles before the next task (a timer queued now), i.e. within the current task's microtasks. */
async function settlesWithinTheTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  const nextTask = new Promise<boolean>((resolve) => setTimeout(() => resolve(settled), 0));
  for (let i = 0; i < 50; i++) await Promise.resolve();
  const within = settled;
  await nextTask;
  return within;
}

describe('the plugin that yields between the steps of loading a remote', () => {
  const plugin = yieldingPlugin() as unknown as Record<string, Hook>;

  test.each(['beforeInitContainer', 'beforeLoadShare', 'beforeGetExpose', 'beforeExecuteFactory'])(
    '%s waits for the next task before the loading goes on',
    async (hook) => {
      const step = plugin[hook];
      expect(typeof step).toBe('function');
      const promise = step!({ step: hook });
      expect(await settlesWithinTheTask(promise)).toBe(false);
      await promise;
    },
  );

  test('a hidden page goes on at once: its timers would run once a second', async () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      expect(await settlesWithinTheTask(plugin.beforeGetExpose!({}))).toBe(true);
    } finally {
      visibility.mockRestore();
    }
  });

  test('the waterfall hooks hand their arguments on unchanged', async () => {
    const args = { shareInfo: { version: '19.1.0' } };
    await expect(plugin.beforeLoadShare!(args)).resolves.toBe(args);
    await expect(plugin.beforeInitContainer!(args)).resolves.toBe(args);
  });
});
