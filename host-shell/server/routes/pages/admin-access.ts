import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { say } from '../../i18n';
import { ACCESS_MODES, LOCAL_TIME, isTimeZone, loadAccess, saveAccess, type AccessSettings } from '../../services/access';
import { ADMIN_ACCESS_PATH, adminAccessPage, type AdminAccessState } from '../../views/admin-access';
import { formStrings } from '../../views/forms';
import { gate, pageContext, sendPage } from './kit';

/** GET /admin/acces: the opening hours and the access mode, administrators only. */
export async function showAdminAccess(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const s = await loadAccess(request.server.db);
  const saved = (request.query as Record<string, unknown> | undefined)?.saved === '1';
  const values = { time_zone: s.time_zone, opens_at: s.opens_at ?? '', closes_at: s.closes_at ?? '', mode: s.mode };
  return sendPage(reply, adminAccessPage(await pageContext(request), { values, errors: {}, saved }));
}

/** POST /admin/acces: checked (a time zone, times as `YYYY-MM-DDTHH:MM`, closing after opening), saved and audited. */
export async function saveAdminAccess(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const form = formStrings(request.body);
  const mode = ACCESS_MODES.find((m) => m === form.mode);
  const values: AdminAccessState['values'] = {
    time_zone: form.time_zone ?? '',
    opens_at: form.opens_at ?? '',
    closes_at: form.closes_at ?? '',
    mode: mode ?? 'anyone',
  };
  const errors: AdminAccessState['errors'] = {};
  if (!isTimeZone(values.time_zone)) errors.time_zone = say(ctx.locale, msg`Expected a time zone such as Europe/Paris`);
  for (const key of ['opens_at', 'closes_at'] as const)
    if (values[key] !== '' && !LOCAL_TIME.test(values[key])) errors[key] = say(ctx.locale, msg`Expected a date and a time`);
  if (!errors.opens_at && !errors.closes_at && values.opens_at && values.closes_at && values.closes_at <= values.opens_at)
    errors.closes_at = say(ctx.locale, msg`Must be after the opening`);
  if (!mode) errors.mode = say(ctx.locale, msg`Choose who may enter`);
  if (Object.keys(errors).length > 0) return sendPage(reply, adminAccessPage(ctx, { values, errors }), 400);
  const next: AccessSettings = { ...values, opens_at: values.opens_at || null, closes_at: values.closes_at || null };
  await saveAccess(request.server.db, user, next);
  return reply.redirect(new URL(`${ADMIN_ACCESS_PATH}?saved=1`, ctx.origin).toString(), 303);
}
