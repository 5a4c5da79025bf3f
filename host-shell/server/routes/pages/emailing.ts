import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { url } from '@salon/shared/contracts/routes';
import { say } from '../../i18n';
import { decodeId, encodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import { validate, type Issue } from '../../lib/validation';
import { listStands } from '../../services/content-stands';
import { recentEmailings, sendEmailing, type Audience } from '../../services/emailings';
import { AUDIENCES, EMAILING_PROGRESS_SCRIPT, emailingSection, type EmailingSectionState } from '../../views/emailing';
import { formStrings } from '../../views/forms';
import { issueMessage, issueText } from '../../views/messages';
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

/**
 * The form's errors, each under its field, in the page's language: the texts' as the other forms say them (empty,
 * characters that are not allowed, too long), the audience's choice, the stand (one that exists).
 */
async function formErrors(request: FastifyRequest, ctx: PageContext, form: Record<string, string>, issues: Issue[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // The audience is checked below, by its fields (`audience`, `stand`).
    if (issue.field.startsWith('audience')) continue;
    errors[issue.field.replace('.', '_') || '_'] ??= issueMessage(ctx.locale, issue);
  }
  if (!AUDIENCES.includes(form.audience ?? '')) errors.audience = issueText(ctx.locale, 'choice');
  else if (form.audience === 'stand') {
    const standId = decodeId(form.stand ?? '');
    const stand =
      standId === null ? undefined : await request.server.db.selectFrom('stands').select('id').where('id', '=', standId).executeTakeFirst();
    if (!stand) errors.stand = say(ctx.locale, msg`Choose the stand whose visitors get it.`);
  }
  return errors;
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
  const errors = await formErrors(request, ctx, form, checked.ok ? [] : checked.issues);
  const standId = form.audience === 'stand' ? decodeId(form.stand ?? '') : null;
  if (Object.keys(errors).length > 0) {
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

/** GET /organisateur/emailing.js: the script that keeps the progress of `/organisateur`'s e-mailings up to date. */
export async function serveEmailingScript(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .header('Cache-Control', 'no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/javascript; charset=utf-8')
    .send(EMAILING_PROGRESS_SCRIPT);
}
