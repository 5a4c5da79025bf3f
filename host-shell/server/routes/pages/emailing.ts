import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { url } from '@salon/shared/contracts/routes';
import { say } from '../../i18n';
import { decodeId, encodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import { validate } from '../../lib/validation';
import { listStands } from '../../services/content-stands';
import { recentEmailings, sendEmailing, type Audience } from '../../services/emailings';
import { emailingSection, type EmailingSectionState } from '../../views/emailing';
import { formStrings } from '../../views/forms';
import { helpers, layout, type PageContext } from '../../views/layout';
import { EmailingBody } from '../api/emailing';
import { gate, pageContext, sendPage } from './kit';

/** The section of `/organisateur` (its stands to choose from, the last e-mailings' progress). */
export async function promoterEmailingSection(
  request: FastifyRequest,
  ctx: PageContext,
  extra: Pick<EmailingSectionState, 'values' | 'errors'> = {},
) {
  const [stands, recent] = await Promise.all([listStands(request.server.db), recentEmailings(request.server.db)]);
  const choices = stands.map((s) => ({ id: s.id_stand, label: `${pick(ctx.locale, s.niceName, s.niceNameEn)} – ${s.company.name}` }));
  return emailingSection(ctx, { stands: choices, recent, ...extra });
}

/** POST /organisateur/emailing: the form of `/organisateur` (`test` to oneself, or `send`), checked as the API's payload. */
export async function sendEmailingForm(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const form = formStrings(request.body);
  const audience = form.audience === 'stand' ? { stand_id: form.stand ?? '' } : form.audience;
  const payload = {
    subject: { fr: form.subject_fr ?? '', en: form.subject_en ?? '' },
    body: { fr: form.body_fr ?? '', en: form.body_en ?? '' },
    audience,
    ...(form.test ? { test: true } : {}),
  };
  const checked = validate(EmailingBody, payload);
  const standId = typeof audience === 'object' ? decodeId(audience.stand_id) : null;
  const standOk =
    typeof audience !== 'object' ||
    (standId !== null &&
      (await request.server.db.selectFrom('stands').select('id').where('id', '=', standId).executeTakeFirst()) !== undefined);
  if (!checked.ok || !standOk) {
    const errors = [
      ...(checked.ok ? [] : [say(ctx.locale, msg`Write the subject and the message in French and in English, and choose who gets it.`)]),
      ...(standOk ? [] : [say(ctx.locale, msg`Choose the stand whose visitors get it.`)]),
    ];
    const { tr } = helpers(ctx);
    const section = await promoterEmailingSection(request, ctx, { values: form, errors });
    return sendPage(reply, layout(ctx, tr(msg`E-mailing`), section), 400);
  }
  const target: Audience = standId !== null ? { standId } : (audience as 'visitors' | 'exhibitors' | 'everyone');
  const sent = await sendEmailing(
    request.server.db,
    user,
    { subject: payload.subject, body: payload.body, audience: target, test: Boolean(form.test) },
    ctx.origin,
  );
  void request.server.mail.flush();
  return reply.redirect(url('promoter', {}, { origin: ctx.origin, query: { emailing: encodeId(sent.id) }, hash: 'emailing' }), 303);
}
