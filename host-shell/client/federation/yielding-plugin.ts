/**
 * A runtime plugin that lets the browser breathe between the steps of loading a remote: before a container is
 * initialised, before a shared module is resolved, before an exposed module is asked for and before its factory
 * runs. Without it, once a remote's chunks arrive, all of that runs in one chain of microtasks: one long task of
 * the share negotiation and every module of the widget evaluated, which a phone feels as a frozen page.
 *
 * Each step waits for `nextTask()` (`scheduler.yield()` where the browser has it, else a new task): a turn of the
 * event loop, a few microseconds when nothing else waits. Registered on the loader's instance and, as a global
 * plugin, on every remote's instance (they are created when their container initialises).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Lets the browser paint and handle input before going on: `scheduler.yield()` where it exists, else a new task.
 * Not in a hidden page (a tab opened in the background): nothing there waits to be painted, and a hidden page's
 * timers run at most once a second, which would stretch loading a remote to seconds where there is no
 * `scheduler.yield()`.
 */
export function nextTask(): Promise<void> {
  if (globalThis.document?.visibilityState === 'hidden') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves to `value` after `nextTask()`. */
async function after<T>(value: T): Promise<T> {
  await nextTask();
  return value;
}

export const YIELDING_PLUGIN_NAME = 'salon-yield-between-steps';

export function yieldingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: YIELDING_PLUGIN_NAME,
    beforeInitContainer: (args) => after(args),
    beforeLoadShare: (args) => after(args),
    beforeGetExpose: () => nextTask(),
    beforeExecuteFactory: () => nextTask(),
  };
}
