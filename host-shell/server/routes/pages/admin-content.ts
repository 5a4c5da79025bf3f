import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { url, type RouteName } from '@salon/shared/contracts/routes';
import { HttpError } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { validate, type Issue } from '../../lib/validation';
import type { FormState, Notice, Values } from '../../views/admin-content';
import type { PageContext } from '../../views/layout';
import { issueMessage } from '../../views/messages';
import { sendPage } from './kit';

/*
 * What the content pages share (`admin-companies.ts` /admin/entreprises, `admin-stands.ts` /admin/stands,
 * `admin-accounts.ts` /admin/comptes). Their POST: `action` = create | update | remove (+ `id`), checked by the
 * API's schemas and written by the same services (`services/content-*.ts`, with their audit entries). Done: 303 to
 * the page with `?done=…`; refused: the page again with the errors next to the fields (400), or the reason on top
 * (404, 409, 403).
 */

export const ORGANISERS = { registered: true, profiles: ['administrator', 'promoter'] as const };

/** The urlencoded body: trimmed texts (never the password), lists for names given more than once. */
export function posted(body: unknown): Values {
  const out: Values = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') out[key] = key === 'password' ? value : value.trim();
    else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  }
  return out;
}
export const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
export const many = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v.filter(Boolean) : v ? [v] : []);

function errorsOf(ctx: PageContext, issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.field.replace(/\.\d+$/, '') || '_';
    out[name] ??=
      issue.kind === 'format' && /link$/.test(name)
        ? say(ctx.locale, msg`Expected a web address (https://…)`)
        : issue.kind === 'type' && name === 'email'
          ? issueMessage(ctx.locale, { ...issue, kind: 'format' })
          : issueMessage(ctx.locale, issue);
  }
  return out;
}

export type Outcome = { ok: true } | { ok: false; status: number; errors: Record<string, string>; notice?: Notice };

/** Runs a change; a refusal (HttpError) becomes the page's errors (400 with fields) or its notice (404, 409, 403). */
export async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return { ok: true };
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    const fieldErrors = err.formErrors ?? {};
    if (err.statusCode === 400 && Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, errors: fieldErrors };
    return { ok: false, status: err.statusCode, errors: fieldErrors, notice: { kind: 'alert', text: err.message } };
  }
}

/** The body checked by the API's schema, or the outcome that shows its errors next to the fields. */
export function check<T extends TSchema>(
  ctx: PageContext,
  schema: T,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; outcome: Outcome & { ok: false } } {
  const checked = validate(schema, value);
  return checked.ok
    ? { ok: true, value: checked.value }
    : { ok: false, outcome: { ok: false, status: 400, errors: errorsOf(ctx, checked.issues) } };
}

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  const q: unknown = request.query;
  return typeof q === 'object' && q !== null ? (q as Record<string, unknown>) : {};
}
/** The id of `?edit=`, when it is one. */
export const editOf = (request: FastifyRequest): string | undefined => {
  const edit = queryOf(request).edit;
  return typeof edit === 'string' && decodeId(edit) !== null ? edit : undefined;
};

const DONE = ['created', 'saved', 'removed'] as const;
type Done = (typeof DONE)[number];
export function doneNotice(ctx: PageContext, request: FastifyRequest): Notice | undefined {
  const done = queryOf(request).done;
  if (!DONE.includes(done as Done)) return undefined;
  const texts: Record<Done, MessageDescriptor> = {
    created: msg`Created.`,
    saved: msg`The changes have been saved.`,
    removed: msg`Removed.`,
  };
  return { kind: 'success', text: say(ctx.locale, texts[done as Done]) };
}

/** A text field as the API takes it: '' clears. */
export const textFields = (values: Values, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, one(values[n])]));

/** A page of its family, with the form's state and a notice on top. */
export type Render = (state: Partial<FormState>, notice?: Notice) => Promise<string>;

/** The page again with an alert on top (nothing changed). */
export const alert = async (reply: FastifyReply, render: Render, text: string, status: number) =>
  sendPage(reply, await render({}, { kind: 'alert', text }), status);

/** A change went through: 303 to the page with `?done=`; refused: the page again (`state`: the form as sent) with why. */
export async function settle(
  reply: FastifyReply,
  ctx: PageContext,
  /** A page of the route table, or a path outside it (`/admin/programme`). */
  route: RouteName | `/${string}`,
  done: Done,
  outcome: Outcome,
  render: Render,
  state: Partial<FormState> = {},
) {
  if (outcome.ok) {
    const to = route.startsWith('/')
      ? new URL(`${route}?done=${done}`, ctx.origin).toString()
      : url(route as RouteName, {}, { origin: ctx.origin, query: { done } });
    return reply.redirect(to, 303);
  }
  return sendPage(
    reply,
    await render(Object.keys(state).length ? { ...state, errors: outcome.errors } : {}, outcome.notice),
    outcome.status,
  );
}

/** An action the form does not have. */
export const unknownAction = (reply: FastifyReply, ctx: PageContext, render: Render) =>
  alert(reply, render, say(ctx.locale, msg`Unknown action`), 400);
