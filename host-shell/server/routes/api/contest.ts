import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import {
  CONTEST_ALREADY,
  ContestAnswer,
  ContestBody,
  ContestParams,
  ContestParticipationBody,
  FormSent,
} from '@salon/shared/contracts/forms';
import { DEFAULT_CONTEST_NAME, checkForm, contestParticipationRules, contestRules, readForm } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Issue } from '../../lib/validation';
import { mayEnterContest, recordContestEntry } from '../../services/form-leads';
import { recordContestScore } from '../../services/engagement';
import { FORM_TEXTS, fieldErrors, formErrorsOf, notAFieldText, unknownContestText } from '../../views/messages';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import { apiViewer } from './auth';
import { bodyOf, checkOrThrow, formLimits, formLocale } from './form-kit';

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

/** The contest (spec §5) and the room game's score (spec §7): registered visitors only. */
export const contestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = formLimits(app);

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
    async (request, reply) => {
      const error = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (error?.validationContext === 'params') {
        const { locale } = await request.viewer();
        throw badRequest(say(locale, msg`"contest_name" must be 1 to 64 letters, digits, - or _`));
      }
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
};
