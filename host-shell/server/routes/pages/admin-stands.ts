import type { FastifyReply, FastifyRequest } from 'fastify';
import { StandCreateBody, StandUpdateBody } from '@salon/shared/contracts/content';
import { decodeId, encodeId } from '../../lib/ids';
import { listAccounts } from '../../services/content-accounts';
import { listCompanies } from '../../services/content-companies';
import { createStand, listStands, removeStand, updateStand } from '../../services/content-stands';
import { loadParameters } from '../../services/settings';
import { fullName } from '../../services/users';
import type { FormState, Notice } from '../../views/admin-content';
import { standValues, standsPage } from '../../views/admin-stands';
import type { PageContext } from '../../views/layout';
import { publishContent } from '../api/content';
import { ORGANISERS, attempt, check, doneNotice, editOf, many, one, posted, settle, unknownAction, type Outcome } from './admin-content';
import { gate, pageContext, sendPage } from './kit';

/* /admin/stands: the stands (POST: create, update, remove; see `admin-content.ts`). */

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
  const render = (state: Partial<FormState>, notice?: Notice) => renderStands(request, ctx, state, notice);
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  if (action === 'remove' && id !== null) {
    const outcome = await attempt(async () => publishContent(app, await removeStand(app.db, user, id, ctx.locale)));
    return settle(reply, ctx, 'admin.stands', 'removed', outcome, render);
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
    const outcome: Outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          publishContent(
            app,
            action === 'create'
              ? (await createStand(app.db, user, checked.value as StandCreateBody, ctx.locale)).touched
              : await updateStand(app.db, user, id!, checked.value as StandUpdateBody, ctx.locale),
          ),
        );
    const editing = action === 'update' && id !== null ? { editing: encodeId(id) } : {};
    return settle(reply, ctx, 'admin.stands', action === 'create' ? 'created' : 'saved', outcome, render, { values, ...editing });
  }
  return unknownAction(reply, ctx, render);
}
