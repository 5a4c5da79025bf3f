import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { checkForm, type FormRules } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { badRequest } from '../../lib/errors';
import { isLocale } from '../../lib/locale';
import { FORM_TEXTS, formErrorsOf } from '../../views/messages';
import { say } from '../../i18n';

/* What every visitor's form route does with its body: read it, pick the wording's language, check it, limit it. */

export type Body = Readonly<Record<string, unknown>>;
export const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Body) : {};

/** The language of the wording shown: the form's `locale` when it sends one, else the request's. */
export const formLocale = (body: Body, fallback: LocaleCode): LocaleCode => (isLocale(body.locale) ? body.locale : fallback);

/** Throws the schema's own error when the shared rules had nothing to say (a wrong type, an unknown field). */
function schemaErrorAfterRules(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error) throw error;
}

/** The shared rules first (each field's spec §5 message, 400), then the schema (types, unknown fields). */
export function checkOrThrow(request: FastifyRequest, rules: FormRules, body: Body, locale: LocaleCode): void {
  const issues = checkForm(rules, body);
  if (Object.keys(issues).length > 0) throw badRequest(say(locale, FORM_TEXTS.hasErrors), formErrorsOf(locale, issues));
  schemaErrorAfterRules(request);
}

/** A form route's budgets: per address (config.rateLimit) and per session user (a preValidation hook). */
export function formLimits(app: FastifyInstance) {
  const rules = app.config.rateLimits;
  return (config: FastifyContextConfig = {}) => ({
    preValidation: app.limits.perUser(rules.formsPerUser),
    config: { ...config, rateLimit: app.limits.perAddress(rules.formsPerAddress) },
  });
}
