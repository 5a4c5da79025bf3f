import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminCompaniesData,
  AdminCompanyData,
  AdminStandData,
  AdminStandsData,
  CompanyCreateBody,
  CompanyUpdateBody,
  ContentIdParams,
  RemovedData,
  StandCreateBody,
  StandUpdateBody,
} from '@salon/shared/contracts/content';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import type { Touched } from '../../services/content';
import { adminCompany, createCompany, listCompanies, removeCompany, updateCompany } from '../../services/content-companies';
import { adminStand, createStand, listStands, removeStand, updateStand } from '../../services/content-stands';
import { apiViewer } from './auth';

/** Administrators and promoters (registered): 401 without a session, 403 for anyone else. */
export async function requireOrganiser(request: FastifyRequest): Promise<{ user: UserRow; locale: LocaleCode }> {
  const { user, locale } = await apiViewer(request);
  if (user.anonymous === 1 || (user.profile !== 'promoter' && user.profile !== 'administrator'))
    throw forbidden(say(locale, msg`For organizers only`));
  return { user, locale };
}

export const promoterAccountsRefused = (locale: LocaleCode) => forbidden(say(locale, msg`Only administrators manage promoter accounts`));

/**
 * What visitors see follows a change at once: the stand list (`GET /api/stands`) and the page data read the database on
 * every request, the room frame's data is read again after `app.panoramas.refresh()`; open live activity streams get the stands' exhibitors
 * again (company name, names, hidden, owners) and, when an account was hidden, shown or removed, the chat lists.
 */
export function publishContent(app: FastifyInstance, touched: Touched): void {
  // Every process's session cache forgets the removed accounts' sessions (the rows went with them).
  if (touched.removedUserIds?.length) app.sessions.forgetUsers(touched.removedUserIds);
  if (touched.standIds.length || touched.userIds.length)
    app.live.publish({ type: 'exhibitors', standIds: touched.standIds, userIds: touched.userIds, links: true });
  if (touched.presence && touched.userIds.length) app.live.publish({ type: 'presence', userIds: touched.userIds });
  // A stand's name, company or neighbours are drawn on panoramas.
  app.panoramas.refresh();
}

export const WHO = 'Administrators and promoters: 401 without a session, 403 for visitors (anonymous ones too) and exhibitors.';

export function idOf(raw: string, locale: LocaleCode, what: 'company' | 'stand' | 'account'): number {
  const id = decodeId(raw);
  if (id === null) throw notFound(unknown(locale, what));
  return id;
}
export const unknown = (locale: LocaleCode, what: 'company' | 'stand' | 'account') =>
  what === 'company'
    ? say(locale, msg`Unknown company`)
    : what === 'stand'
      ? say(locale, msg`Unknown stand`)
      : say(locale, msg`Unknown account`);

/** The role is checked before the body or the path: a visitor learns nothing of what would be valid. */
export const guard = { preValidation: async (request: FastifyRequest) => void (await requireOrganiser(request)) };

/** Companies and stands (the accounts: `content-accounts.ts`). Every change is in the audit log. */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /* companies */
  app.get(
    '/admin/companies',
    {
      ...guard,
      schema: {
        summary: `Every company (spec §3 Company), with its stands, by name. ${WHO}`,
        response: { 200: Envelope(AdminCompaniesData) },
      },
    },
    async () => ({
      data: { companies: await listCompanies(app.db) },
    }),
  );

  app.post(
    '/admin/companies',
    {
      ...guard,
      schema: {
        summary: `Creates a company: name (unique, 409), descriptions in both languages, links (http/https), mobile, e-mail. ${WHO}`,
        body: CompanyCreateBody,
        response: { 200: Envelope(AdminCompanyData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const id = await createCompany(app.db, user, request.body, locale);
      return { data: { company: (await adminCompany(app.db, id))! } };
    },
  );

  app.get(
    '/admin/companies/:id',
    { ...guard, schema: { summary: `One company. ${WHO}`, params: ContentIdParams, response: { 200: Envelope(AdminCompanyData) } } },
    async (request) => {
      const { locale } = await requireOrganiser(request);
      const company = await adminCompany(app.db, idOf(request.params.id, locale, 'company'));
      if (!company) throw notFound(unknown(locale, 'company'));
      return { data: { company } };
    },
  );

  app.put(
    '/admin/companies/:id',
    {
      ...guard,
      schema: {
        summary: `Changes a company: the fields given ('' or null clears one), the others stay. Its stands' exhibitors, as visitors see them, follow. ${WHO}`,
        params: ContentIdParams,
        body: CompanyUpdateBody,
        response: { 200: Envelope(AdminCompanyData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const id = idOf(request.params.id, locale, 'company');
      publishContent(app, await updateCompany(app.db, user, id, request.body, locale));
      return { data: { company: (await adminCompany(app.db, id))! } };
    },
  );

  app.delete(
    '/admin/companies/:id',
    {
      ...guard,
      schema: {
        summary: `Removes a company that has no stand and no lead; otherwise 409 saying what holds it. ${WHO}`,
        params: ContentIdParams,
        response: { 200: Envelope(RemovedData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      await removeCompany(app.db, user, idOf(request.params.id, locale, 'company'), locale);
      return { data: { removed: true as const } };
    },
  );

  /* stands */
  app.get(
    '/admin/stands',
    {
      ...guard,
      schema: {
        summary: `Every stand: names, panorama slug (read-only), optin_marketing (null: the global setting), company, exhibitors, and what it holds. ${WHO}`,
        response: { 200: Envelope(AdminStandsData) },
      },
    },
    async () => ({ data: { stands: await listStands(app.db) } }),
  );

  app.post(
    '/admin/stands',
    {
      ...guard,
      schema: {
        summary: `Creates a stand (its panorama slug is made from its name: stand-…), with its company and exhibitor accounts. ${WHO}`,
        body: StandCreateBody,
        response: { 200: Envelope(AdminStandData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const { id, touched } = await createStand(app.db, user, request.body, locale);
      publishContent(app, touched);
      return { data: { stand: (await adminStand(app.db, id))! } };
    },
  );

  app.get(
    '/admin/stands/:id',
    { ...guard, schema: { summary: `One stand. ${WHO}`, params: ContentIdParams, response: { 200: Envelope(AdminStandData) } } },
    async (request) => {
      const { locale } = await requireOrganiser(request);
      const stand = await adminStand(app.db, idOf(request.params.id, locale, 'stand'));
      if (!stand) throw notFound(unknown(locale, 'stand'));
      return { data: { stand } };
    },
  );

  app.put(
    '/admin/stands/:id',
    {
      ...guard,
      schema: {
        summary: `Changes a stand: names, company, optin_marketing (null: the global setting), owners (the list replaces the current one). Visitors see it at their next load of the room; open live activities get its exhibitors again. ${WHO}`,
        params: ContentIdParams,
        body: StandUpdateBody,
        response: { 200: Envelope(AdminStandData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      const id = idOf(request.params.id, locale, 'stand');
      publishContent(app, await updateStand(app.db, user, id, request.body, locale));
      return { data: { stand: (await adminStand(app.db, id))! } };
    },
  );

  app.delete(
    '/admin/stands/:id',
    {
      ...guard,
      schema: {
        summary: `Removes a stand that has no visit, no history and no lead (its exhibitors are taken off it); otherwise 409 saying what holds it. Its panorama is kept. ${WHO}`,
        params: ContentIdParams,
        response: { 200: Envelope(RemovedData) },
      },
    },
    async (request) => {
      const { user, locale } = await requireOrganiser(request);
      publishContent(app, await removeStand(app.db, user, idOf(request.params.id, locale, 'stand'), locale));
      return { data: { removed: true as const } };
    },
  );
};
