import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import {
  AccountCreateBody,
  AccountUpdateBody,
  CompanyCreateBody,
  CompanyUpdateBody,
  StandCreateBody,
  StandUpdateBody,
  type ManagedProfile,
} from '@salon/shared/contracts/content';
import { url, type RouteName } from '@salon/shared/contracts/routes';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { decodeId, encodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import { validate, type Issue } from '../../lib/validation';
import {
  adminAccount,
  createAccount,
  createCompany,
  createStand,
  listAccounts,
  listCompanies,
  listStands,
  managedAccount,
  mayManage,
  removeAccount,
  removeCompany,
  removeStand,
  updateAccount,
  updateCompany,
  updateStand,
} from '../../services/content';
import { loadParameters } from '../../services/settings';
import { createSigninLinks, signinLinksCsv, type LinkScope } from '../../services/signin-links';
import { fullName } from '../../services/users';
import { KIND_RULES } from '../../services/medias';
import {
  COMPANY_TEXT_FIELDS,
  type DocumentState,
  accountValues,
  accountsPage,
  companiesPage,
  companyValues,
  standValues,
  standsPage,
  type Created,
  type FormState,
  type Notice,
  type Values,
} from '../../views/admin-content';
import type { PageContext } from '../../views/layout';
import { issueMessage } from '../../views/messages';
import { publishContent } from '../api/content';
import { gate, pageContext, sendPage } from './kit';

/*
 * POST /admin/entreprises, /admin/stands, /admin/comptes: `action` = create | update | remove (+ `id`). Checked by
 * the API's schemas and written by the same services (`services/content.ts`, with their audit entries). Done: 303 to
 * the page with `?done=…`; refused: the page again with the errors next to the fields (400), or the reason on top
 * (404, 409, 403). An account created with a generated password gets its page at once (200), the password shown once.
 */

const ORGANISERS = { registered: true, profiles: ['administrator', 'promoter'] as const };

/** The urlencoded body: trimmed texts (never the password), lists for names given more than once. */
function posted(body: unknown): Values {
  const out: Values = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') out[key] = key === 'password' ? value : value.trim();
    else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  }
  return out;
}
const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const many = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v.filter(Boolean) : v ? [v] : []);

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

type Outcome = { ok: true } | { ok: false; status: number; errors: Record<string, string>; notice?: Notice };

/** Runs a change; a refusal (HttpError) becomes the page's errors (400 with fields) or its notice (404, 409, 403). */
async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
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

function check<T extends TSchema>(
  ctx: PageContext,
  schema: T,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; outcome: Outcome } {
  const checked = validate(schema, value);
  return checked.ok
    ? { ok: true, value: checked.value }
    : { ok: false, outcome: { ok: false, status: 400, errors: errorsOf(ctx, checked.issues) } };
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const q: unknown = request.query;
  return typeof q === 'object' && q !== null ? (q as Record<string, unknown>) : {};
}
const editOf = (request: FastifyRequest): string | undefined => {
  const edit = queryOf(request).edit;
  return typeof edit === 'string' && decodeId(edit) !== null ? edit : undefined;
};

const DONE = ['created', 'saved', 'removed'] as const;
type Done = (typeof DONE)[number];
function doneNotice(ctx: PageContext, request: FastifyRequest): Notice | undefined {
  const done = queryOf(request).done;
  if (!DONE.includes(done as Done)) return undefined;
  const texts: Record<Done, MessageDescriptor> = {
    created: msg`Created.`,
    saved: msg`The changes have been saved.`,
    removed: msg`Removed.`,
  };
  return { kind: 'success', text: say(ctx.locale, texts[done as Done]) };
}

const redirectDone = (reply: FastifyReply, ctx: PageContext, route: RouteName, done: Done) =>
  reply.redirect(url(route, {}, { origin: ctx.origin, query: { done } }), 303);

/** A text field as the API takes it: '' clears. */
const textFields = (values: Values, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, one(values[n])]));

/* ---------------------------------------------------------------- companies */

const COMPANY_FIELDS = ['description', 'description_en', ...COMPANY_TEXT_FIELDS.map(([name]) => name)];

/** `?document=uploaded|removed&company=<id>` (after a document form's redirect) says what was done to which company. */
function documentDone(request: FastifyRequest): DocumentState | undefined {
  const { document, company } = queryOf(request);
  if ((document !== 'uploaded' && document !== 'removed') || typeof company !== 'string' || decodeId(company) === null) return undefined;
  return { id: company, saved: document };
}

export async function renderCompanies(
  request: FastifyRequest,
  ctx: PageContext,
  state?: Partial<FormState>,
  notice?: Notice,
  document?: DocumentState,
): Promise<string> {
  const companies = await listCompanies(request.server.db);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? companies.find((c) => c.id_company === editing) : undefined;
  const values = state?.values ?? (current ? companyValues(current) : {});
  return companiesPage(
    ctx,
    companies,
    { values, errors: state?.errors ?? {}, ...(current ? { editing: current.id_company } : {}) },
    notice ?? doneNotice(ctx, request),
    document ?? documentDone(request),
    KIND_RULES.document.maxBytes / (1024 * 1024),
  );
}

export async function showCompanies(request: FastifyRequest, reply: FastifyReply) {
  if (!(await gate(request, reply, ORGANISERS))) return reply;
  return sendPage(reply, await renderCompanies(request, await pageContext(request)));
}

export async function saveCompanies(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  let outcome: Outcome;
  if (action === 'remove' && id !== null) {
    outcome = await attempt(() => removeCompany(app.db, user, id, ctx.locale));
    if (outcome.ok) return redirectDone(reply, ctx, 'admin.companies', 'removed');
    return sendPage(reply, await renderCompanies(request, ctx, {}, outcome.notice), outcome.status);
  }
  const body = { name: one(values.name), ...textFields(values, COMPANY_FIELDS) };
  if (action === 'create' || (action === 'update' && id !== null)) {
    const checked = check(ctx, action === 'create' ? CompanyCreateBody : CompanyUpdateBody, body);
    outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          action === 'create'
            ? createCompany(app.db, user, checked.value as CompanyCreateBody, ctx.locale)
            : publishContent(app, await updateCompany(app.db, user, id!, checked.value as CompanyUpdateBody, ctx.locale)),
        );
    if (outcome.ok) return redirectDone(reply, ctx, 'admin.companies', action === 'create' ? 'created' : 'saved');
    const editing = action === 'update' && id !== null ? encodeId(id) : undefined;
    return sendPage(
      reply,
      await renderCompanies(request, ctx, { values, errors: outcome.errors, ...(editing ? { editing } : {}) }, outcome.notice),
      outcome.status,
    );
  }
  return sendPage(reply, await renderCompanies(request, ctx, {}, { kind: 'alert', text: say(ctx.locale, msg`Unknown action`) }), 400);
}

/* ---------------------------------------------------------------- stands */

async function renderStands(request: FastifyRequest, ctx: PageContext, state?: Partial<FormState>, notice?: Notice): Promise<string> {
  const db = request.server.db;
  const [stands, companies, accounts, parameters] = await Promise.all([
    listStands(db),
    listCompanies(db),
    listAccounts(db),
    loadParameters(db),
  ]);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? stands.find((s) => s.id_stand === editing) : undefined;
  const values = state?.values ?? (current ? standValues(current) : {});
  const choices = {
    companies: companies.map((c) => ({ id: c.id_company, name: c.name })),
    exhibitors: accounts
      .filter((a) => a.profile === 'exhibitor')
      .map((a) => ({ id: a.id_user, label: `${fullName(a) || a.email || a.id_user}${a.email ? ` (${a.email})` : ''}` })),
    globalOptin: parameters.stands_optin_marketing,
  };
  return standsPage(
    ctx,
    stands,
    choices,
    { values, errors: state?.errors ?? {}, ...(current ? { editing: current.id_stand } : {}) },
    notice ?? doneNotice(ctx, request),
  );
}

export async function showStands(request: FastifyRequest, reply: FastifyReply) {
  if (!(await gate(request, reply, ORGANISERS))) return reply;
  return sendPage(reply, await renderStands(request, await pageContext(request)));
}

const optinOf = (value: string): boolean | null | string =>
  value === 'yes' ? true : value === 'no' ? false : value === 'inherit' || value === '' ? null : value;

export async function saveStands(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  if (action === 'remove' && id !== null) {
    const outcome = await attempt(async () => publishContent(app, await removeStand(app.db, user, id, ctx.locale)));
    if (outcome.ok) return redirectDone(reply, ctx, 'admin.stands', 'removed');
    return sendPage(reply, await renderStands(request, ctx, {}, outcome.notice), outcome.status);
  }
  if (action === 'create' || (action === 'update' && id !== null)) {
    const body = {
      name: one(values.name),
      name_en: one(values.name_en),
      company_id: one(values.company_id),
      optin_marketing: optinOf(one(values.optin_marketing)),
      owners: many(values.owners),
    };
    const checked = check(ctx, action === 'create' ? StandCreateBody : StandUpdateBody, body);
    const outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          publishContent(
            app,
            action === 'create'
              ? (await createStand(app.db, user, checked.value as StandCreateBody, ctx.locale)).touched
              : await updateStand(app.db, user, id!, checked.value as StandUpdateBody, ctx.locale),
          ),
        );
    if (outcome.ok) return redirectDone(reply, ctx, 'admin.stands', action === 'create' ? 'created' : 'saved');
    const editing = action === 'update' && id !== null ? encodeId(id) : undefined;
    return sendPage(
      reply,
      await renderStands(request, ctx, { values, errors: outcome.errors, ...(editing ? { editing } : {}) }, outcome.notice),
      outcome.status,
    );
  }
  return sendPage(reply, await renderStands(request, ctx, {}, { kind: 'alert', text: say(ctx.locale, msg`Unknown action`) }), 400);
}

/* ---------------------------------------------------------------- accounts */

async function renderAccounts(
  request: FastifyRequest,
  ctx: PageContext,
  viewer: UserRow,
  state?: Partial<FormState>,
  notice?: Notice,
  created?: Created,
): Promise<string> {
  const db = request.server.db;
  const [accounts, stands] = await Promise.all([listAccounts(db), listStands(db)]);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? accounts.find((a) => a.id_user === editing && mayManage(viewer, a.profile)) : undefined;
  const values = state?.values ?? (current ? accountValues(current) : {});
  const choices = {
    stands: stands.map((s) => ({ id: s.id_stand, label: `${pick(ctx.locale, s.niceName, s.niceNameEn)} – ${s.company.name}` })),
  };
  return accountsPage(
    ctx,
    viewer,
    accounts,
    choices,
    { values, errors: state?.errors ?? {}, ...(current ? { editing: current.id_user } : {}) },
    notice ?? doneNotice(ctx, request),
    created,
  );
}

export async function showAccounts(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  return sendPage(reply, await renderAccounts(request, await pageContext(request), user));
}

const ACCOUNT_TEXTS = ['firstname', 'lastname', 'function', 'function_en', 'visio_link'] as const;

export async function saveAccounts(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  const forbiddenNotice: Notice = { kind: 'alert', text: say(ctx.locale, msg`Only administrators manage promoter accounts`) };

  if (action === 'signin-links') return sendSigninLinks(request, reply, ctx, user, values);

  if ((action === 'remove' || action === 'update') && id !== null) {
    const target = await managedAccount(app.db, id);
    if (!target)
      return sendPage(
        reply,
        await renderAccounts(request, ctx, user, {}, { kind: 'alert', text: say(ctx.locale, msg`Unknown account`) }),
        404,
      );
    if (!mayManage(user, target.profile as ManagedProfile))
      return sendPage(reply, await renderAccounts(request, ctx, user, {}, forbiddenNotice), 403);
    if (action === 'remove') {
      const outcome = await attempt(async () => publishContent(app, await removeAccount(app.db, user, target, ctx.locale)));
      if (outcome.ok) return redirectDone(reply, ctx, 'admin.accounts', 'removed');
      return sendPage(reply, await renderAccounts(request, ctx, user, {}, outcome.notice), outcome.status);
    }
    const body = {
      email: one(values.email),
      password: one(values.password),
      ...textFields(values, ACCOUNT_TEXTS),
      hidden: one(values.hidden) === '1',
      ...(target.profile === 'exhibitor' ? { stands: many(values.stands) } : {}),
    };
    const checked = check(ctx, AccountUpdateBody, body);
    const outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          publishContent(
            app,
            await updateAccount(app.db, user, target, checked.value as AccountUpdateBody, ctx.locale, app.config.scryptCost),
          ),
        );
    if (outcome.ok) return redirectDone(reply, ctx, 'admin.accounts', 'saved');
    return sendPage(
      reply,
      await renderAccounts(
        request,
        ctx,
        user,
        { values: { ...values, password: '' }, errors: outcome.errors, editing: encodeId(id) },
        outcome.notice,
      ),
      outcome.status,
    );
  }

  if (action === 'create') {
    const profile = one(values.profile) || 'exhibitor';
    const body = {
      profile,
      email: one(values.email),
      password: one(values.password),
      ...textFields(values, ACCOUNT_TEXTS),
      hidden: one(values.hidden) === '1',
      ...(profile === 'exhibitor' ? { stands: many(values.stands) } : {}),
    };
    const kept = { ...values, password: '' };
    const checked = check(ctx, AccountCreateBody, body);
    if (!checked.ok)
      return sendPage(
        reply,
        await renderAccounts(request, ctx, user, { values: kept, errors: checked.outcome.ok ? {} : checked.outcome.errors }),
        400,
      );
    const valid = checked.value as AccountCreateBody;
    if (!mayManage(user, valid.profile))
      return sendPage(reply, await renderAccounts(request, ctx, user, { values: kept }, forbiddenNotice), 403);
    let created: Awaited<ReturnType<typeof createAccount>> | null = null;
    const outcome = await attempt(async () => {
      created = await createAccount(app.db, user, valid, ctx.locale, app.config.scryptCost);
      publishContent(app, created.touched);
    });
    if (outcome.ok && created) {
      const done = created as Awaited<ReturnType<typeof createAccount>>;
      const account = await adminAccount(app.db, done.id);
      if (account)
        return sendPage(reply, await renderAccounts(request, ctx, user, { values: {} }, undefined, { account, password: done.password }));
    }
    return sendPage(
      reply,
      await renderAccounts(
        request,
        ctx,
        user,
        { values: kept, errors: outcome.ok ? {} : outcome.errors },
        outcome.ok ? undefined : outcome.notice,
      ),
      outcome.ok ? 500 : outcome.status,
    );
  }
  return sendPage(reply, await renderAccounts(request, ctx, user, {}, { kind: 'alert', text: say(ctx.locale, msg`Unknown action`) }), 400);
}

/**
 * `action=signin-links`: the sign-in links as a CSV attachment (`services/signin-links.ts`), for the accounts of a
 * users import (`import`), the ticked accounts (`ids`), or every account without a password (`scope=without_password`).
 * Nobody to give a link to: the page again with the reason (nothing recorded).
 */
async function sendSigninLinks(request: FastifyRequest, reply: FastifyReply, ctx: PageContext, user: UserRow, values: Values) {
  const notice = async (text: MessageDescriptor, status: number) =>
    sendPage(reply, await renderAccounts(request, ctx, user, {}, { kind: 'alert', text: say(ctx.locale, text) }), status);
  let scope: LinkScope;
  if (one(values.import) !== '') {
    const importId = decodeId(one(values.import));
    if (importId === null) return notice(msg`Unknown or expired import`, 404);
    scope = { kind: 'import', importId };
  } else if (one(values.scope) === 'without_password') {
    scope = { kind: 'without_password' };
  } else {
    const ids = many(values.ids).map(decodeId);
    if (ids.some((i) => i === null)) return notice(msg`Unknown account`, 400);
    if (ids.length === 0) return notice(msg`Tick at least one account.`, 400);
    scope = { kind: 'selected', userIds: ids as number[] };
  }
  const created = await createSigninLinks(request.server.db, user, scope, ctx.origin);
  if (!created) return notice(msg`Unknown or expired import`, 404);
  if (created.rows.length === 0) {
    return scope.kind === 'selected'
      ? notice(msg`None of the ticked accounts can get a sign-in link.`, 400)
      : notice(msg`No account without a password: there is no link to create.`, 200);
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .code(200)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `attachment; filename="signin-links-${day}.csv"`)
    .type('text/csv; charset=utf-8')
    .send(signinLinksCsv(created.rows));
}
