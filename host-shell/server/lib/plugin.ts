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

/**
 * An encapsulated plugin (routes in a scope of their own) named after its function. Without a name, fastify names a
 * plugin by looking for it among the exports of every loaded module, twice at each registration: under Jest, whose
 * module registry answers that lookup slowly, it was 3 % of the server tests' CPU.
 */
export function scoped<O extends FastifyPluginOptions>(plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
}
