import type { AppConfig } from '../config';
import { globalPlugin } from '../lib/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export const configPlugin = globalPlugin<{ config: AppConfig }>('salon-config', async (app, { config }) => {
  app.decorate('config', config);
});
