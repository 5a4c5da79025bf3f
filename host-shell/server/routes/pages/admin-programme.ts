import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TalkBody } from '@salon/shared/contracts/programme';
import { say } from '../../i18n';
import { decodeId } from '../../lib/ids';
import { LOCAL_TIME, salonTimeZone, zonedInstant, zonedLocal } from '../../services/access';
import { listStands } from '../../services/content-stands';
import { createTalk, listTalks, removeTalk, updateTalk } from '../../services/programme';
import type { FormState, Notice } from '../../views/admin-content';
import { talkValues, programmePage } from '../../views/admin-programme';
import { ADMIN_PROGRAMME_PATH } from '../../views/back-office-nav';
import { helpers, type PageContext } from '../../views/layout';
import { ORGANISERS, attempt, check, doneNotice, editOf, one, posted, settle, unknownAction, type Outcome } from './admin-content';
import { gate, pageContext, sendPage } from './kit';

/* /admin/programme: the talks of the programme (POST: create, update, remove), for organisers and administrators. */

async function renderProgramme(request: FastifyRequest, ctx: PageContext, state?: Partial<FormState>, notice?: Notice): Promise<string> {
  const db = request.server.db;
  const zone = await salonTimeZone(db);
  const [talks, stands] = await Promise.all([listTalks(db, 0), listStands(db)]);
  const localOf = (iso: string) => zonedLocal(new Date(iso), zone);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? talks.find((t) => t.id === editing) : undefined;
  const values = state?.values ?? (current ? talkValues(current, localOf) : {});
  const choices = {
    stands: stands.map((s) => ({ id: s.id_stand, name: helpers(ctx).local(s.niceName, s.niceNameEn) })),
    timeZone: zone,
    // "2030-12-10 14:00 – 15:00", the end's date too when it is another day.
    when: (t: (typeof talks)[number]) => {
      const [start, end] = [localOf(t.start), localOf(t.end)];
      return `${start.replace('T', ' ')} – ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end.replace('T', ' ')}`;
    },
  };
  return programmePage(
    ctx,
    talks,
    choices,
    { values, errors: state?.errors ?? {}, ...(current ? { editing: current.id } : {}) },
    notice ?? doneNotice(ctx, request),
  );
}

export async function showProgramme(request: FastifyRequest, reply: FastifyReply) {
  if (!(await gate(request, reply, ORGANISERS))) return reply;
  return sendPage(reply, await renderProgramme(request, await pageContext(request)));
}

/** A wall-clock time of the form as the API's instant; anything else is passed on for the schema to refuse. */
const instantOf = (local: string, zone: string): string => (LOCAL_TIME.test(local) ? zonedInstant(local, zone).toISOString() : local);

export async function saveProgramme(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const render = (state: Partial<FormState>, notice?: Notice) => renderProgramme(request, ctx, state, notice);
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  if (action === 'remove' && id !== null) {
    const outcome = await attempt(() => removeTalk(app.db, user.id, id, ctx.locale));
    if (outcome.ok) app.programmeClock.wake();
    return settle(reply, ctx, ADMIN_PROGRAMME_PATH, 'removed', outcome, render);
  }
  if (action !== 'create' && !(action === 'update' && id !== null)) return unknownAction(reply, ctx, render);
  const zone = await salonTimeZone(app.db);
  const place = one(values.place);
  const body = {
    title_fr: one(values.title_fr).trim(),
    title_en: one(values.title_en).trim(),
    description_fr: one(values.description_fr).trim(),
    description_en: one(values.description_en).trim(),
    speakers: one(values.speakers)
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean),
    start: instantOf(one(values.start), zone),
    end: instantOf(one(values.end), zone),
    place,
    stand_id: place === 'stand' ? one(values.stand_id) || null : null,
    video_url: place === 'stream' ? one(values.video_url) || null : null,
    chat_url: place === 'stream' ? one(values.chat_url) || null : null,
  };
  const checked = check(ctx, TalkBody, body);
  const outcome: Outcome = !checked.ok
    ? checked.outcome
    : await attempt(() =>
        action === 'create'
          ? createTalk(app.db, user.id, checked.value as TalkBody, ctx.locale)
          : updateTalk(app.db, user.id, id!, checked.value as TalkBody, ctx.locale),
      );
  if (outcome.ok) app.programmeClock.wake();
  // A time that is not one is refused in the page's words.
  else
    for (const key of ['start', 'end'] as const)
      if (outcome.errors[key] && !LOCAL_TIME.test(one(values[key]))) outcome.errors[key] = say(ctx.locale, msg`Expected a date and a time`);
  const editing = action === 'update' ? { editing: one(values.id) } : {};
  return settle(reply, ctx, ADMIN_PROGRAMME_PATH, action === 'create' ? 'created' : 'saved', outcome, render, { values, ...editing });
}
