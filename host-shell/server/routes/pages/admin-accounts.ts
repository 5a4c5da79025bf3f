import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountCreateBody, AccountUpdateBody, type ManagedProfile } from '@salon/shared/contracts/content';
import type { UserRow } from '../../db/schema';
import { decodeId, encodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import * as accountService from '../../services/content-accounts';
import { listStands } from '../../services/content-stands';
import { createSigninLinks, signinLinksCsv, type LinkScope } from '../../services/signin-links';
import { mailSigninLinks } from '../../services/signin-mail';
import { helpers } from '../../views/layout';
import type { FormState, Notice, Values } from '../../views/admin-content';
import { accountValues, accountsPage, type Created } from '../../views/admin-accounts';
import type { PageContext } from '../../views/layout';
import { publishContent } from '../api/content';
import {
  ORGANISERS,
  alert,
  attempt,
  check,
  doneNotice,
  editOf,
  many,
  one,
  posted,
  settle,
  textFields,
  unknownAction,
  type Outcome,
} from './admin-content';
import { gate, pageContext, sendPage } from './kit';

/*
 * /admin/comptes: the exhibitor and promoter accounts (POST: create, update, remove, see `admin-content.ts`; and
 * `signin-links`, the sign-in links as CSV). An account created with a generated password gets its page at once
 * (200), the password shown once.
 */

async function renderAccounts(
  request: FastifyRequest,
  ctx: PageContext,
  viewer: UserRow,
  state?: Partial<FormState>,
  notice?: Notice,
  created?: Created,
): Promise<string> {
  const db = request.server.db;
  const [accounts, stands] = await Promise.all([accountService.listAccounts(db), listStands(db)]);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? accounts.find((a) => a.id_user === editing && accountService.mayManage(viewer, a.profile)) : undefined;
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

/** The posted form as the API takes an account: stands for an exhibitor only. */
const accountBody = (values: Values, profile: string) => ({
  email: one(values.email),
  password: one(values.password),
  ...textFields(values, ACCOUNT_TEXTS),
  hidden: one(values.hidden) === '1',
  ...(profile === 'exhibitor' ? { stands: many(values.stands) } : {}),
});

export async function saveAccounts(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  const render = (state: Partial<FormState>, notice?: Notice) => renderAccounts(request, ctx, user, state, notice);
  const forbidden = say(ctx.locale, msg`Only administrators manage promoter accounts`);

  if (action === 'signin-links') return sendSigninLinks(request, reply, ctx, user, values);

  if ((action === 'remove' || action === 'update') && id !== null) {
    const target = await accountService.managedAccount(app.db, id);
    if (!target) return alert(reply, render, say(ctx.locale, msg`Unknown account`), 404);
    if (!accountService.mayManage(user, target.profile as ManagedProfile)) return alert(reply, render, forbidden, 403);
    if (action === 'remove') {
      const outcome = await attempt(async () => publishContent(app, await accountService.removeAccount(app.db, user, target, ctx.locale)));
      return settle(reply, ctx, 'admin.accounts', 'removed', outcome, render);
    }
    const checked = check(ctx, AccountUpdateBody, accountBody(values, target.profile));
    const outcome: Outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          publishContent(
            app,
            await accountService.updateAccount(app.db, user, target, checked.value as AccountUpdateBody, ctx.locale, app.config.scryptCost),
          ),
        );
    return settle(reply, ctx, 'admin.accounts', 'saved', outcome, render, { values: { ...values, password: '' }, editing: encodeId(id) });
  }

  if (action === 'create') {
    const profile = one(values.profile) || 'exhibitor';
    const kept = { ...values, password: '' };
    const checked = check(ctx, AccountCreateBody, { profile, ...accountBody(values, profile) });
    if (!checked.ok) return sendPage(reply, await render({ values: kept, errors: checked.outcome.errors }), 400);
    const valid = checked.value as AccountCreateBody;
    if (!accountService.mayManage(user, valid.profile))
      return sendPage(reply, await render({ values: kept }, { kind: 'alert', text: forbidden }), 403);
    let created: Awaited<ReturnType<typeof accountService.createAccount>> | null = null;
    const outcome = await attempt(async () => {
      created = await accountService.createAccount(app.db, user, valid, ctx.locale, app.config.scryptCost);
      publishContent(app, created.touched);
    });
    if (outcome.ok && created) {
      const done = created as Awaited<ReturnType<typeof accountService.createAccount>>;
      const account = await accountService.adminAccount(app.db, done.id);
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
  return unknownAction(reply, ctx, render);
}

/**
 * `action=signin-links`: the sign-in links as a CSV attachment (`services/signin-links.ts`), for the accounts of a
 * users import (`import`), the ticked accounts (`ids`), or every account without a password (`scope=without_password`).
 * Nobody to give a link to: the page again with the reason (nothing recorded). With `send` (its value the scope:
 * `import`, `without_password`, `selected`) the links are e-mailed to each person instead, and the page says how many.
 */
async function sendSigninLinks(request: FastifyRequest, reply: FastifyReply, ctx: PageContext, user: UserRow, values: Values) {
  const notice = (text: MessageDescriptor, status: number) =>
    alert(reply, (state, shown) => renderAccounts(request, ctx, user, state, shown), say(ctx.locale, text), status);
  const byMail = one(values.send) !== '';
  if (byMail && one(values.scope) === '') values = { ...values, scope: one(values.send) };
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
  if (byMail) {
    const count = await mailSigninLinks(request.server.db, created.rows);
    void request.server.mail.flush();
    const { tr } = helpers(ctx);
    return sendPage(
      reply,
      await renderAccounts(request, ctx, user, {}, { kind: 'success', text: tr(msg`Sign-in links sent by e-mail: ${count}.`) }),
      200,
    );
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
