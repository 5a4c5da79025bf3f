import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import { ObfuscatedId } from '@salon/shared/contracts/room';
import type { UserRow } from '../../db/schema';
import { say } from '../../i18n';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { decodeId, encodeId } from '../../lib/ids';
import { MUST_NOT_BE_EMPTY, requestRefusal } from '../../lib/validation';
import { emailingProgress, sendEmailing, type Audience, type EmailingProgress } from '../../services/emailings';
import { issueText } from '../../views/messages';
import { apiViewer } from './auth';

/** A text in both languages, without invisible controls: the subject one line, the body lines (`PATTERNS`). */
const Texts = (maxLength: number, pattern: string) =>
  Type.Object(
    { fr: Type.String({ minLength: 1, maxLength, pattern }), en: Type.String({ minLength: 1, maxLength, pattern }) },
    { additionalProperties: false },
  );

export const EmailingBody = Type.Object(
  {
    subject: Texts(200, PATTERNS.singleLine),
    body: Texts(20_000, PATTERNS.multiLine),
    audience: Type.Union([
      Type.Literal('visitors'),
      Type.Literal('exhibitors'),
      Type.Literal('everyone'),
      Type.Object({ stand_id: ObfuscatedId }, { additionalProperties: false }),
    ]),
    /** Only to the caller, to check it first. */
    test: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type EmailingBody = Static<typeof EmailingBody>;

const EmailingSent = Type.Object({ id: ObfuscatedId, recipients: Type.Integer() });
const EmailingReport = Type.Object({
  id: ObfuscatedId,
  subject: Type.Object({ fr: Type.String(), en: Type.String() }),
  audience: EmailingBody.properties.audience,
  test: Type.Boolean(),
  created_at: Type.String(),
  /** E-mails queued for it (after the skipped ones). */
  recipients: Type.Integer(),
  /** People of the audience who unsubscribed. */
  skipped: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  /** Still to send (or being retried). */
  queued: Type.Integer(),
});

const isOrganiser = (user: UserRow): boolean => user.profile === 'promoter' || user.profile === 'administrator';

/** The API's audience from the service's (a stand's id obfuscated). */
export const audienceOut = (audience: Audience): EmailingBody['audience'] =>
  typeof audience === 'object' ? { stand_id: encodeId(audience.standId) } : audience;

export const reportOut = (p: EmailingProgress) => ({ ...p, id: encodeId(p.id), audience: audienceOut(p.audience) });

/**
 * The texts of an e-mailing's body that are empty or only spaces, as `subject.fr`: what `/organisateur`'s form, which
 * trims them, refuses as missing.
 */
export function blankTexts(body: unknown): string[] {
  const blank: string[] = [];
  if (typeof body !== 'object' || body === null) return blank;
  for (const part of ['subject', 'body'] as const) {
    const texts = (body as Record<string, unknown>)[part];
    if (typeof texts !== 'object' || texts === null) continue;
    for (const lang of ['fr', 'en'] as const) {
      const text = (texts as Record<string, unknown>)[lang];
      if (typeof text === 'string' && text.trim() === '') blank.push(`${part}.${lang}`);
    }
  }
  return blank;
}

/**
 * Before the schema: 401 without a session, 403 for anyone but an organiser; then a subject or body empty or only
 * spaces is a 400 naming each such field with the forms' "This field is required" (formErrors), "" and "  " alike.
 */
async function organiserWithTexts(request: FastifyRequest): Promise<void> {
  const { user, locale } = await apiViewer(request);
  if (!isOrganiser(user)) throw forbidden(say(locale, msg`For organizers only`));
  const blank = blankTexts(request.body);
  if (blank.length === 0) return;
  const issues = blank.map((field) => ({ field, kind: 'empty' as const, message: MUST_NOT_BE_EMPTY }));
  throw badRequest(
    requestRefusal(locale, 'body', issues),
    Object.fromEntries(blank.map((field) => [field, issueText(locale, 'required')])),
  );
}

export const emailingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/emailing/send',
    {
      schema: {
        summary:
          'An organisers’ e-mailing (promoters and administrators only): subject and body in French and English, to all visitors, all exhibitors, everyone, or the visitors of one stand; `test: true` sends it to the caller only. A subject or body empty or only spaces is refused (400), each such field named in formErrors. Each person gets it once, in their language, with a one-click unsubscribe link (RFC 8058); people who unsubscribed are skipped. Answers once it is queued; the e-mails go out in the background (MAIL_RATE) and its progress is read from GET /api/emailing/{id}. Audited.',
        body: EmailingBody,
        response: { 200: Envelope(EmailingSent) },
      },
      preValidation: organiserWithTexts,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const body = request.body;
      let audience: Audience;
      if (typeof body.audience === 'object') {
        const standId = decodeId(body.audience.stand_id);
        const stand =
          standId === null ? undefined : await app.db.selectFrom('stands').select('id').where('id', '=', standId).executeTakeFirst();
        if (!stand) throw badRequest(say(viewer.locale, msg`Unknown stand`));
        audience = { standId: stand.id };
      } else audience = body.audience;
      const sent = await sendEmailing(
        app.db,
        viewer.user,
        { subject: body.subject, body: body.body, audience, test: body.test === true },
        viewer.origin,
      );
      request.log.info({ emailing: sent.id, recipients: sent.recipients, skipped: sent.skipped }, 'e-mailing queued');
      void app.mail.flush();
      return { data: { id: encodeId(sent.id), recipients: sent.recipients } };
    },
  );

  app.get(
    '/emailing/:id',
    {
      schema: {
        summary:
          'An e-mailing’s progress and report (promoters and administrators only): queued, sent, failed, and skipped because unsubscribed.',
        params: Type.Object({ id: ObfuscatedId }),
        response: { 200: Envelope(EmailingReport) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      if (!isOrganiser(viewer.user)) throw forbidden(say(viewer.locale, msg`For organizers only`));
      const id = decodeId(request.params.id);
      const progress = id === null ? null : await emailingProgress(app.db, id);
      if (!progress) throw notFound(say(viewer.locale, msg`Unknown e-mailing`));
      return { data: reportOut(progress) };
    },
  );
};
