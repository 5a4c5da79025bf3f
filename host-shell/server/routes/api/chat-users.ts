import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatUsersData, ChatUsersQuery } from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import { badRequest } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { parseProfiles, searchChatUsers } from '../../services/chat-users';
import { openVisitOf, ownsStand, standExists } from '../../services/visits';
import { apiViewer } from './auth';

/** Start a chat: the people the caller may find (`GET /api/chat/users`). */
export const chatUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/chat/users',
    {
      schema: {
        summary:
          'Start a chat: people active in the last 60 minutes (not the user, not hidden) the user may find (search permissions), split into on_stand (open visit on stand_id, or its exhibitors) and elsewhere. search: name; profiles: comma list of exhibitor, visitor, promoter; connected: 1 or 0. Anonymous visitors, or an empty permission list: search_enabled false.',
        querystring: ChatUsersQuery,
        response: { 200: Envelope(ChatUsersData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { search, profiles, connected, stand_id: rawStand } = request.query;
      let standId: number | undefined;
      let standAllowed = false;
      if (rawStand !== undefined) {
        const id = decodeId(rawStand);
        if (id === null || !(await standExists(app.db, id)))
          throw badRequest(say(viewer.locale, msg`Invalid querystring: "stand_id" is not a stand id`), {
            stand_id: say(viewer.locale, msg`is not a stand id`),
          });
        standId = id;
        const visit = await openVisitOf(app.db, viewer.user.id);
        standAllowed = visit?.stand_id === id || (await ownsStand(app.db, viewer.user.id, id));
      }
      const params = await app.parameters.get();
      const data = await searchChatUsers({ db: app.db, activity: app.activity, params }, viewer.user, {
        search,
        profiles: parseProfiles(profiles),
        connected: connected === undefined ? undefined : connected === '1',
        standId,
        standAllowed,
      });
      return { data };
    },
  );
};
