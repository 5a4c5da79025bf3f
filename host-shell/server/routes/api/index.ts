import type { FastifyPluginAsync } from 'fastify';
import { scoped } from '../../lib/plugin';
import { sameOrigin } from '../../plugins/same-origin';
import { accessRoutes } from './access';
import { adminRoutes } from './admin';
import { emailingRoutes } from './emailing';
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
import { programmeRoutes } from './programme';
import { collectRoutes, openApiRoute } from './openapi';
import { roomRoutes } from './room';
import { standRoutes } from './stands';
import { userRoutes } from './users';

/** Everything under /api (spec §7). Mounted with prefix '/api'. */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  api.addHook('onRequest', sameOrigin('api'));
  const documented = collectRoutes();
  api.addHook('onRoute', documented.onRoute);

  // Each group in a scope of its own, in this order.
  for (const routes of [
    healthRoutes,
    localeRoutes,
    userRoutes,
    notificationRoutes,
    roomRoutes,
    liveRoutes,
    standRoutes,
    exhibitorRoutes,
    exhibitorProfileRoutes,
    companyRoutes,
    chatRoutes,
    journeyRoutes,
    formRoutes,
    leadRoutes,
    adminRoutes,
    mediasRoutes,
    importRoutes,
    contentRoutes,
    accountRoutes,
    analyticsRoutes,
    programmeRoutes,
    meetingRoutes,
    accessRoutes,
    emailingRoutes,
  ])
    await api.register(scoped(routes));
  await api.register(scoped(openApiRoute(documented.routes)));
};
