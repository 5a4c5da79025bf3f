import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach its parent (what fastify-plugin does;
 * the `skip-override` symbol is fastify's documented mechanism, and saves a dependency).
 */
export function globalPlugin<O extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
