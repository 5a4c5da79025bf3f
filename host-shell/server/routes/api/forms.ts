import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import {
  CONTEST_ALREADY,
  ContestAnswer,
  ContestBody,
  ContestParams,
  ContestParticipationBody,
  FormSent,
  OfferFormBody,
  OpinionAnswer,
  OpinionBody,
  OpinionFailed,
  ShareAnswer,
  ShareBody,
  StandContactRequestBody,
} from '@salon/shared/contracts/forms';
import { StandIdParams } from '@salon/shared/contracts/room';
import {
  DEFAULT_CONTEST_NAME,
  NPS_COOKIE,
  NPS_COOKIE_MAX_AGE_SECONDS,
  checkForm,
  contestParticipationRules,
  contestRules,
  offerFormRules,
  opinionRules,
  readForm,
  standContactRules,
  type FormRules,
  type SocialPlatform,
} from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { url } from '@salon/shared/contracts/routes';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { acceptFormData } from '../../lib/form-data';
import { isLocale, pick } from '../../lib/locale';
import { mayEnterContest, recordContestEntry, recordStandForm, standMarketingShown } from '../../services/form-leads';
import type { Issue } from '../../lib/validation';
import { FORM_TEXTS, fieldErrors, formErrorsOf, notAFieldText, unknownContestText } from '../../views/messages';
import { say } from '../../i18n';
import { cookieOptions } from '../../plugins/session';
import { recordContestScore, recordShare, saveOpinion } from '../../services/engagement';
import { apiViewer } from './auth';
import { standOf } from './stand-param';

type Body = Readonly<Record<string, unknown>>;
const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Body) : {};

/** The language of the wording shown: the form's `locale` when it sends one, else the request's. */
const formLocale = (body: Body, fallback: LocaleCode): LocaleCode => (isLocale(body.locale) ? body.locale : fallback);

/** Throws the schema's own error when the shared rules had nothing to say (a wrong type, an unknown field). */
function schemaErrorAfterRules(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error) throw error;
}

/**
 * The schema's complaints about a contest entry the field rules let through (a wrong type, an unknown field), in the
 * contest's answer: under the body's own fields, and named in the message when they are not fields of the form.
 */
function contestSchemaAnswer(request: FastifyRequest, locale: LocaleCode): ContestAnswer | null {
  const error = request.validationError as (Error & { validation?: unknown }) | undefined;
  if (!error) return null;
  const issues: Issue[] = Array.isArray(error.validation)
    ? error.validation.flatMap((item: { params?: Partial<Issue> }) =>
        typeof item.params?.field === 'string' && typeof item.params.kind === 'string' ? [item.params as Issue] : [],
      )
    : [];
  const isField = (issue: Issue) => issue.kind !== 'unknownField' && Object.hasOwn(ContestBody.properties, issue.field.split('.')[0] ?? '');
  const others = issues.filter((issue) => !isField(issue));
  const formErrors = fieldErrors(locale, issues.filter(isField));
  const details = others.map((issue) => notAFieldText(locale, issue.field));
  if (issues.length === 0) details.push(say(locale, FORM_TEXTS.unreadable));
  return {
    statusCode: 400,
    data: {
      error: true,
      message: [say(locale, FORM_TEXTS.hasErrors), ...details].join(' '),
      ...(Object.keys(formErrors).length > 0 ? { formErrors } : {}),
    },
  };
}

/** The shared rules first (each field's spec §5 message, 400), then the schema (types, unknown fields). */
function checkOrThrow(request: FastifyRequest, rules: FormRules, body: Body, locale: LocaleCode): void {
  const issues = checkForm(rules, body);
  if (Object.keys(issues).length > 0) throw badRequest(say(locale, FORM_TEXTS.hasErrors), formErrorsOf(locale, issues));
  schemaErrorAfterRules(request);
}

const SHARERS: Record<SocialPlatform, (address: string, title: string) => string> = {
  facebook: (address) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
  linkedin: (address) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(address)}`,
  twitter: (address, title) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(address)}${title ? `&text=${encodeURIComponent(title)}` : ''}`,
};

/**
 * The visitor's forms (spec §5, §7): a stand's contact request and offer form, the contest and the game's score,
 * the opinion, the social share. Bodies are JSON, urlencoded or multipart form data (fields only).
 */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptFormData(app);
  // Each route has its own budgets: per address (config.rateLimit) and per session user (a preValidation hook).
  const rules = app.config.rateLimits;
  const limited = (config: FastifyContextConfig = {}) => ({
    preValidation: app.limits.perUser(rules.formsPerUser),
    config: { ...config, rateLimit: app.limits.perAddress(rules.formsPerAddress) },
  });

  app.post(
    '/stands/:id/requestContact',
    {
      schema: {
        summary:
          "Ask a stand to be contacted (spec §5 stand contact-request form). Any session (anonymous visitors too). Field errors: 400 with formErrors in the request's language. optin_marketing is recorded only when the stand's marketing opt-in is on (the stand's value, else stands_optin_marketing). Stores a lead for the stand's exhibitors with the consents' wording (in `locale`, else the request's language) and version.",
        params: StandIdParams,
        body: StandContactRequestBody,
        response: { 200: Envelope(FormSent) },
      },
      attachValidation: true,
      ...limited(),
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const stand = await standOf(request);
      const body = bodyOf(request);
      const locale = formLocale(body, viewer.locale);
      checkOrThrow(request, standContactRules, body, locale);
      const value = readForm(standContactRules, body);
      const marketingShown = standMarketingShown(stand, await app.parameters.get());
      await recordStandForm(app.db, stand, viewer.user.id, { kind: 'contact_request', value }, marketingShown, locale);
      return { data: { error: false as const, message: say(locale, FORM_TEXTS.contactRequestSent) } };
    },
  );

  app.post(
    '/stands/:id/requestForminfo',
    {
      schema: {
        summary:
          "An offer's contact-info form (spec §5). Any session. Field errors: 400 with formErrors. The marketing consent is recorded when the stand's marketing opt-in is on (the stand's value, else stands_optin_marketing: the display flag of the box) and optin_marketing is sent (send false when the box was shown and left unticked; leave it out when it was not shown). Stores a lead for the stand's exhibitors.",
        params: StandIdParams,
        body: OfferFormBody,
        response: { 200: Envelope(FormSent) },
      },
      attachValidation: true,
      ...limited(),
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const stand = await standOf(request);
      const body = bodyOf(request);
      const locale = formLocale(body, viewer.locale);
      checkOrThrow(request, offerFormRules, body, locale);
      const value = readForm(offerFormRules, body);
      // The box was shown only when the stand's opt-in is on, and the form sends it only when it showed it.
      const marketingShown = standMarketingShown(stand, await app.parameters.get()) && 'optin_marketing' in body;
      await recordStandForm(app.db, stand, viewer.user.id, { kind: 'offer_form', value }, marketingShown, locale);
      return { data: { error: false as const, message: say(locale, FORM_TEXTS.offerSent) } };
    },
  );

  const contestSchema = {
    summary:
      "Enter the contest (spec §5): registered visitors only (403 otherwise, 'You are not allowed to participate at the game'). Only the salon's contests (the parameter `contests`, any case; default ['default']): another name is a 404. The answer repeats its status in the body, like POST /contact: field errors — the field rules' and the schema's (a wrong type; an unknown field is named in the message) — are HTTP 200 with statusCode 400 and formErrors; a second entry of the same user in the same contest is HTTP 200 with statusCode 409 and data 'contest_participation.already'. score: the form's (a whole number from 0 to 5), else the user's last game score. The marketing consent is recorded when `marketing` is sent. Default contest name: 'default'.",
    body: ContestBody,
    response: { 200: ContestAnswer },
  };

  async function enterContest(request: FastifyRequest, reply: FastifyReply, requestedName: string) {
    const viewer = await apiViewer(request);
    const body = bodyOf(request);
    const locale = formLocale(body, viewer.locale);
    const params = await app.parameters.get();
    // One entry per visitor and contest holds only if the names are the salon's own (and 'DEFAULT' is 'default').
    const contestName = params.contests.find((name) => name.toLowerCase() === requestedName.toLowerCase());
    if (contestName === undefined) throw notFound(unknownContestText(locale, requestedName));
    if (!mayEnterContest(viewer.user)) throw forbidden(say(locale, FORM_TEXTS.contestNotAllowed));
    const issues = checkForm(contestRules, body);
    if (Object.keys(issues).length > 0) {
      const answer: ContestAnswer = {
        statusCode: 400,
        data: { error: true, message: say(locale, FORM_TEXTS.hasErrors), formErrors: formErrorsOf(locale, issues) },
      };
      return reply.code(200).send(answer);
    }
    // Spec §8 shows the contest's errors from a 200 only: the schema's too come back in the answer.
    const schemaAnswer = contestSchemaAnswer(request, locale);
    if (schemaAnswer) return reply.code(200).send(schemaAnswer);
    const value = readForm(contestRules, body);
    // The marketing box exists only when the contest's opt-in is on: no consent is recorded for a box nobody saw.
    const id = await recordContestEntry(
      app.db,
      viewer.user.id,
      contestName,
      value,
      params.contest_optin_marketing && 'marketing' in body,
      locale,
    );
    const answer: ContestAnswer =
      id === null
        ? { statusCode: 409, data: { error: true, data: CONTEST_ALREADY, message: say(locale, FORM_TEXTS.contestAlready) } }
        : { statusCode: 200, data: { error: false, message: say(locale, FORM_TEXTS.contestRecorded) } };
    return reply.code(200).send(answer);
  }

  app.post('/concours', { schema: contestSchema, attachValidation: true, ...limited({ errorFormat: 'contact' }) }, (request, reply) =>
    enterContest(request, reply, DEFAULT_CONTEST_NAME),
  );
  app.post(
    '/concours/:contest_name',
    { schema: { ...contestSchema, params: ContestParams }, attachValidation: true, ...limited({ errorFormat: 'contact' }) },
    (request, reply) => {
      const error = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (error?.validationContext === 'params') throw badRequest('"contest_name" must be 1 to 64 letters, digits, - or _');
      return enterContest(request, reply, request.params.contest_name);
    },
  );

  app.post(
    '/contest/participation',
    {
      schema: {
        summary:
          "Record the room game's score (spec §7): registered visitors only (403). The contest form's entry takes the last one when it sends no score.",
        body: ContestParticipationBody,
        response: { 200: Envelope(FormSent) },
      },
      attachValidation: true,
      ...limited(),
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const body = bodyOf(request);
      const locale = formLocale(body, viewer.locale);
      if (!mayEnterContest(viewer.user)) throw forbidden(say(locale, FORM_TEXTS.contestNotAllowed));
      checkOrThrow(request, contestParticipationRules, body, locale);
      const { score } = readForm(contestParticipationRules, body);
      await recordContestScore(app.db, viewer.user.id, score ?? 0);
      return { data: { error: false as const, message: say(locale, FORM_TEXTS.scoreRecorded) } };
    },
  );

  app.post(
    '/nps',
    {
      schema: {
        summary:
          "The opinion (spec §2.12, §4.9): score a whole number from 0 to 10, comment up to 140 characters. Any session; one opinion per user, a second one replaces it. Sets the nps cookie for a year. Invalid: 400 with success false, the spec's error message and formErrors.",
        body: OpinionBody,
        response: { 200: Envelope(OpinionAnswer), 400: Envelope(OpinionFailed), 500: Envelope(OpinionFailed) },
      },
      attachValidation: true,
      ...limited(),
    },
    async (request, reply) => {
      const viewer = await apiViewer(request);
      const body = bodyOf(request);
      const locale = viewer.locale;
      const issues = checkForm(opinionRules, body);
      if (Object.keys(issues).length > 0 || request.validationError) {
        const formErrors = request.validationError && Object.keys(issues).length === 0 ? undefined : formErrorsOf(locale, issues);
        return reply.code(400).send({
          data: { success: false, error: true, message: say(locale, FORM_TEXTS.opinionFailed), ...(formErrors ? { formErrors } : {}) },
        });
      }
      const { score, comment } = readForm(opinionRules, body);
      try {
        await saveOpinion(app.db, viewer.user.id, { score: score ?? 0, comment, locale });
      } catch (err) {
        request.log.error({ err }, 'opinion not stored');
        return reply.code(500).send({ data: { success: false, error: true, message: say(locale, FORM_TEXTS.opinionFailed) } });
      }
      // The browser reads it to stop asking (spec §4.9), so it is not HttpOnly.
      reply.setCookie(NPS_COOKIE, '1', { ...cookieOptions(request, NPS_COOKIE_MAX_AGE_SECONDS), httpOnly: false });
      return { data: { success: true, message: say(locale, FORM_TEXTS.opinionThanks) } };
    },
  );

  app.post(
    '/partages',
    {
      schema: {
        summary:
          "A sharer address for facebook, linkedin or twitter (spec §7) sharing the salon's public home page (absolute, from the request's origin); twitter also carries the title (the given one, else the social title, else the room name). Any session (anonymous visitors too; 401 without), like the other forms. An unknown platform is a 400. The share is recorded.",
        body: ShareBody,
        response: { 200: Envelope(ShareAnswer) },
      },
      ...limited(),
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { platform, title } = request.body;
      const params = await app.parameters.get();
      const fallback =
        pick(viewer.locale, params.social_title, params.social_title_en || params.social_title) ||
        pick(viewer.locale, params.room_name, params.room_name_en);
      const shownTitle = title?.trim() || fallback;
      const address = url('home', {}, { origin: viewer.origin });
      await recordShare(app.db, viewer.user.id, platform, shownTitle || null);
      return { data: { url: SHARERS[platform](address, shownTitle) } };
    },
  );
};
