import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach its parent (what fastify-plugin does;
 * the `skip-override` symbol is fastify's documented mechanism, and saves a dependency).
 */
export function globalPlugin<O extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [DISPLAY_NAME]: name,
  });
}

/**
 * The plugin, still encapsulated, carrying its own name as fastify's display name (`globalPlugin`'s carry theirs).
 * fastify names a plugin without one by searching every loaded module for it (`require.cache`), twice per plugin:
 * under Jest, a few thousand modules behind a proxy at each start of a test app, a twentieth of the server tests' CPU.
 */
export function named<T extends object>(plugin: T & { name: string }): T {
  const tagged = plugin as T & { [DISPLAY_NAME]?: string };
  tagged[DISPLAY_NAME] ??= plugin.name;
  return plugin;
}
