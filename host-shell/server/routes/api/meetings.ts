import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import {
  MeetingBody,
  MeetingData,
  MeetingIdParams,
  MeetingUpdateBody,
  MeetingsData,
  SlotBody,
  SlotData,
  SlotsData,
} from '@salon/shared/contracts/meetings';
import { StandIdParams } from '@salon/shared/contracts/room';
import { say } from '../../i18n';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { announceMeetingStep } from '../../services/meeting-notices';
import { bookMeeting, createSlot, myMeetings, removeSlot, standSlots, toMeeting, updateMeeting } from '../../services/meetings';
import { apiViewer } from './auth';
import { standOf } from './stand-param';

/**
 * Meetings with exhibitors (issue 38): the slots exhibitors offer on their stands, bookings, and each step told to
 * the other side (`services/meeting-notices.ts`).
 */
export const meetingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/slots',
    {
      schema: {
        summary:
          'An exhibitor offers a meeting slot on a stand they own (403 otherwise): start and end ISO 8601 with a time zone, in the future, 5 minutes to 4 hours, overlapping none of their slots (400).',
        body: SlotBody,
        response: { 200: Envelope(SlotData) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      return { data: { slot: await createSlot(app.db, user, request.body, locale) } };
    },
  );

  app.delete(
    '/slots/:id',
    {
      schema: {
        summary: 'An exhibitor removes a slot of theirs that no meeting holds (404 for anyone else, 409 while a meeting holds it).',
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Object({ removed: Type.Literal(true) })) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const id = decodeId(request.params.id);
      if (id === null) throw notFound(say(locale, msg`Unknown slot`));
      await removeSlot(app.db, user, id, locale);
      return { data: { removed: true as const } };
    },
  );

  app.get(
    '/stands/:id/slots',
    {
      schema: {
        summary:
          "A stand's meeting slots that have not ended, in time order: start, end, the exhibitor, and whether it is free. Any session.",
        params: StandIdParams,
        response: { 200: Envelope(SlotsData) },
      },
      attachValidation: true,
    },
    async (request) => {
      await apiViewer(request);
      const stand = await standOf(request);
      return { data: { slots: await standSlots(app.db, stand.id) } };
    },
  );

  app.post(
    '/meetings',
    {
      schema: {
        summary:
          'A registered visitor books a free slot that has not started, with a short message (and `consent`: the stand\'s exhibitors get their contact details): a requested meeting, and a lead for the stand. 409 "This slot was just booked" ("Ce créneau vient d\'être réservé") when another booking holds the slot, however close together they came. The exhibitor is told at once.',
        body: MeetingBody,
        response: { 200: Envelope(MeetingData) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const meeting = await bookMeeting(app.db, user, request.body, locale);
      await announceMeetingStep(app, meeting, 'booked', { actorId: user.id });
      return { data: { meeting: toMeeting(meeting, user.id) } };
    },
  );

  app.put(
    '/meetings/:id',
    {
      schema: {
        summary:
          "A step of a meeting by the side allowed to: the exhibitor accepts or declines a requested meeting; either side cancels a requested or accepted one with a `reason` (400 without). 404 for anyone else, 409 when the meeting is no longer in a state allowing it. The other side is told at once (and the exhibitor's video link is given for an accepted meeting).",
        params: MeetingIdParams,
        body: MeetingUpdateBody,
        response: { 200: Envelope(MeetingData) },
      },
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const id = decodeId(request.params.id);
      if (id === null) throw notFound(say(locale, msg`Unknown meeting`));
      const { before, after } = await updateMeeting(app.db, user, id, request.body, locale);
      await announceMeetingStep(app, after, request.body.status, { actorId: user.id, wasAccepted: before.status === 'accepted' });
      app.programmeClock.wake();
      return { data: { meeting: toMeeting(after, user.id) } };
    },
  );

  app.get(
    '/me/meetings',
    {
      schema: {
        summary: "The viewer's meetings, as visitor or as exhibitor, in time order (every status). Any session.",
        response: { 200: Envelope(MeetingsData) },
      },
    },
    async (request) => {
      const { user } = await apiViewer(request);
      return { data: { meetings: (await myMeetings(app.db, user.id)).map((m) => toMeeting(m, user.id)) } };
    },
  );
};
