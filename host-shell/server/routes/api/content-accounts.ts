import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AccountCreateBody,
  AccountCreatedData,
  AccountUpdateBody,
  AdminAccountData,
  AdminAccountsData,
  ContentIdParams,
  RemovedData,
} from '@salon/shared/contracts/content';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import {
  adminAccount,
  createAccount,
  listAccounts,
  managedAccount,
  mayManage,
  removeAccount,
  updateAccount,
} from '../../services/content-accounts';
import { WHO, guard, idOf, promoterAccountsRefused, publishContent, requireOrganiser, unknown } from './content';

const WHO_ACCOUNTS = `${WHO} Promoter accounts: administrators only (403 for promoters).`;

/** Exhibitor and promoter accounts, under `/api/admin/accounts`. Every change is in the audit log. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/accounts',
    {
      ...guard,
      schema: {
        summary: `Every exhibitor and promoter account, with their stands. ${WHO}`,
        response: { 200: Envelope(AdminAccountsData) },
      },
    },
    async () => ({ data: { accounts: await listAccounts(app.db) } }),
  );

  app.post(
    '/admin/accounts',
    {
      ...guard,
      schema: {
        summary: `Creates an exhibitor or promoter account. password: at least 12 characters, not the demo one; empty or left out, one is generated and answered once (password, else null). The e-mail is unique (409). ${WHO_ACCOUNTS}`,
        body: AccountCreateBody,
        response: { 200: Envelope(AccountCreatedData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      if (!mayManage(user, request.body.profile)) throw promoterAccountsRefused(locale);
      const created = await createAccount(app.db, user, request.body, locale, app.config.scryptCost);
      publishContent(app, created.touched);
      return { data: { account: (await adminAccount(app.db, created.id))!, password: created.password } };
    },
  );

  /** The account of the path, if the viewer may manage it: 404 for another profile, 403 for a promoter's by a promoter. */
  async function target(
    request: FastifyRequest<{ Params: ContentIdParams }>,
  ): Promise<{ user: UserRow; locale: LocaleCode; account: UserRow }> {
    const { user, locale } = await requireOrganiser(request);
    const account = await managedAccount(app.db, idOf(request.params.id, locale, 'account'));
    if (!account) throw notFound(unknown(locale, 'account'));
    if (!mayManage(user, account.profile as 'exhibitor' | 'promoter')) throw promoterAccountsRefused(locale);
    return { user, locale, account };
  }

  app.get(
    '/admin/accounts/:id',
    {
      ...guard,
      schema: {
        summary: `One exhibitor or promoter account. ${WHO_ACCOUNTS}`,
        params: ContentIdParams,
        response: { 200: Envelope(AdminAccountData) },
      },
    },
    async (request) => {
      const { account } = await target(request);
      return { data: { account: (await adminAccount(app.db, account.id))! } };
    },
  );

  app.put(
    '/admin/accounts/:id',
    {
      ...guard,
      schema: {
        summary: `Changes an account: e-mail (unique, 409), password (non-empty: a new one, same rules as at creation), names, function (both languages), hidden, visio link, stands (exhibitors; the list replaces the current one). Open live activities follow. ${WHO_ACCOUNTS}`,
        params: ContentIdParams,
        body: AccountUpdateBody,
        response: { 200: Envelope(AdminAccountData) },
      },
    },
    async (request) => {
      const { user, locale, account } = await target(request);
      publishContent(app, await updateAccount(app.db, user, account, request.body, locale, app.config.scryptCost));
      return { data: { account: (await adminAccount(app.db, account.id))! } };
    },
  );

  app.delete(
    '/admin/accounts/:id',
    {
      ...guard,
      schema: {
        summary: `Removes an account that has no chat, no stand history and no visit; otherwise 409 (hide it instead: PUT hidden true). ${WHO_ACCOUNTS}`,
        params: ContentIdParams,
        response: { 200: Envelope(RemovedData) },
      },
    },
    async (request) => {
      const { user, locale, account } = await target(request);
      publishContent(app, await removeAccount(app.db, user, account, locale));
      return { data: { removed: true as const } };
    },
  );
};
