import type { FastifyPluginAsync } from 'fastify';
import { sameOrigin } from '../../plugins/same-origin';
import { adminRoutes } from './admin';
import { analyticsRoutes } from './analytics';
import { chatRoutes } from './chat';
import { companyRoutes } from './company';
import { accountRoutes } from './content-accounts';
import { contentRoutes } from './content';
import { exhibitorRoutes } from './exhibitors';
import { exhibitorProfileRoutes } from './exhibitor-profile';
import { formRoutes } from './forms';
import { healthRoutes } from './health';
import { importRoutes } from './imports';
import { journeyRoutes } from './journey';
import { leadRoutes } from './leads';
import { liveRoutes } from './live';
import { localeRoutes } from './locale';
import { mediasRoutes } from './medias';
import { notificationRoutes } from './notifications';
import { meetingRoutes } from './meetings';
import { programmeClockPlugin, programmeRoutes } from './programme';
import { collectRoutes, openApiRoute } from './openapi';
import { roomRoutes } from './room';
import { standRoutes } from './stands';
import { userRoutes } from './users';

/** Everything under /api (spec §7). Mounted with prefix '/api'. */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  api.addHook('onRequest', sameOrigin('api'));
  const documented = collectRoutes();
  api.addHook('onRoute', documented.onRoute);

  await api.register(healthRoutes);
  await api.register(localeRoutes);
  await api.register(userRoutes);
  await api.register(notificationRoutes);
  await api.register(roomRoutes);
  await api.register(liveRoutes);
  await api.register(standRoutes);
  await api.register(exhibitorRoutes);
  await api.register(exhibitorProfileRoutes);
  await api.register(companyRoutes);
  await api.register(chatRoutes);
  await api.register(journeyRoutes);
  await api.register(formRoutes);
  await api.register(leadRoutes);
  await api.register(adminRoutes);
  await api.register(mediasRoutes);
  await api.register(importRoutes);
  await api.register(contentRoutes);
  await api.register(accountRoutes);
  await api.register(analyticsRoutes);
  // The programme's clock is the API's (not a child's): the meetings' routes wake it too.
  await programmeClockPlugin(api, {});
  await api.register(programmeRoutes);
  await api.register(meetingRoutes);
  await api.register(openApiRoute(documented.routes));
};
