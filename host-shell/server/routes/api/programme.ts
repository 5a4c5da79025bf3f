import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { AgendaData } from '@salon/shared/contracts/meetings';
import { ProgrammeData, TalkBody, TalkData, TalkIdParams } from '@salon/shared/contracts/programme';
import { say } from '../../i18n';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { salonTimeZone } from '../../services/access';
import { agendaOf, agendaCalendar } from '../../services/agenda';
import { ProgrammeClock } from '../../services/programme-clock';
import { addToAgenda, createTalk, findTalk, listTalks, removeFromAgenda, removeTalk, updateTalk } from '../../services/programme';
import { globalPlugin } from '../../lib/plugin';
import { apiViewer } from './auth';
import { requireOrganiser } from './content';

declare module 'fastify' {
  interface FastifyInstance {
    /** The programme's clock: stream switches, reminders, meetings' starts (`services/programme-clock.ts`). */
    programmeClock: ProgrammeClock;
  }
}

const ORGANISERS = 'Promoters and administrators only: 401 without a session, 403 for anyone else.';

/** The programme's clock, for the whole app (the API and the back office's page wake it): it starts when the server is ready and stops when it closes. */
export const programmeClockPlugin = globalPlugin('salon-programme-clock', async (app) => {
  const clock = new ProgrammeClock(app);
  app.decorate('programmeClock', clock);
  app.addHook('onReady', async () => clock.start());
  app.addHook('onClose', async () => clock.stop());
});

/** The programme (issue 38): talks for everyone with a session, managed by organisers; "My agenda" and its iCalendar file. */
export const programmeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const talkId = (id: string, locale: Parameters<typeof say>[0]) => {
    const n = decodeId(id);
    if (n === null) throw notFound(say(locale, msg`Unknown talk`));
    return n;
  };

  app.get(
    '/programme',
    {
      schema: {
        summary:
          "The programme: every talk in time order (texts in French and English, speakers, start and end in ISO 8601 UTC, place: the live stream with its addresses, or a stand), whether it is live now and in the viewer's agenda; and the salon's time zone (IANA). Any session (401 without).",
        response: { 200: Envelope(ProgrammeData) },
      },
    },
    async (request) => {
      const { user } = await apiViewer(request);
      return { data: { talks: await listTalks(app.db, user.id), time_zone: await salonTimeZone(app.db) } };
    },
  );

  app.post(
    '/talks',
    {
      schema: {
        summary: `Adds a talk: on the live stream (video_url required, chat_url optional: the stream shows them from start to end, unless an administrator switches it by hand meanwhile) or on a stand (stand_id). End after start. In the audit log. ${ORGANISERS}`,
        body: TalkBody,
        response: { 200: Envelope(TalkData) },
      },
      preValidation: async (request) => void (await requireOrganiser(request)),
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const id = await createTalk(app.db, user.id, request.body, locale);
      app.programmeClock.wake();
      return { data: { talk: (await findTalk(app.db, id, user.id))! } };
    },
  );

  app.put(
    '/talks/:id',
    {
      schema: {
        summary: `Replaces a talk (as POST /api/talks); 404 for an unknown one. ${ORGANISERS}`,
        params: TalkIdParams,
        body: TalkBody,
        response: { 200: Envelope(TalkData) },
      },
      preValidation: async (request) => void (await requireOrganiser(request)),
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const id = talkId(request.params.id, locale);
      await updateTalk(app.db, user.id, id, request.body, locale);
      app.programmeClock.wake();
      return { data: { talk: (await findTalk(app.db, id, user.id))! } };
    },
  );

  app.delete(
    '/talks/:id',
    {
      schema: {
        summary: `Removes a talk (and it from every agenda); 404 for an unknown one. ${ORGANISERS}`,
        params: TalkIdParams,
        response: { 200: Envelope(Type.Object({ removed: Type.Literal(true) })) },
      },
      preValidation: async (request) => void (await requireOrganiser(request)),
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      await removeTalk(app.db, user.id, talkId(request.params.id, locale), locale);
      app.programmeClock.wake();
      return { data: { removed: true as const } };
    },
  );

  app.put(
    '/me/agenda/talks/:id',
    {
      schema: {
        summary:
          "Adds a talk to the viewer's agenda (again: no change); a reminder comes 5 minutes before it starts. Any session; 404 for an unknown talk.",
        params: TalkIdParams,
        response: { 200: Envelope(TalkData) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const id = talkId(request.params.id, locale);
      if (!(await addToAgenda(app.db, user.id, id))) throw notFound(say(locale, msg`Unknown talk`));
      app.programmeClock.wake();
      return { data: { talk: (await findTalk(app.db, id, user.id))! } };
    },
  );

  app.delete(
    '/me/agenda/talks/:id',
    {
      schema: {
        summary: "Takes a talk out of the viewer's agenda. Any session; 404 for an unknown talk.",
        params: TalkIdParams,
        response: { 200: Envelope(TalkData) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const id = talkId(request.params.id, locale);
      await removeFromAgenda(app.db, user.id, id);
      const talk = await findTalk(app.db, id, user.id);
      if (!talk) throw notFound(say(locale, msg`Unknown talk`));
      return { data: { talk } };
    },
  );

  app.get(
    '/me/agenda',
    {
      schema: {
        summary: "My agenda: the viewer's talks and meetings (declined ones left out), in time order. Any session.",
        response: { 200: Envelope(AgendaData) },
      },
    },
    async (request) => {
      const { user } = await apiViewer(request);
      return { data: { items: await agendaOf(app.db, user.id) } };
    },
  );

  app.get(
    '/me/agenda.ics',
    {
      schema: {
        summary:
          "My agenda as an iCalendar file (text/calendar, RFC 5545, times in UTC): the viewer's talks, and their requested and accepted meetings. Any session.",
        response: { 200: Type.String({ description: 'text/calendar' }) },
      },
    },
    async (request, reply) => {
      const { user, locale } = await apiViewer(request);
      const body = await agendaCalendar(app.db, user.id, locale);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="agenda.ics"')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
