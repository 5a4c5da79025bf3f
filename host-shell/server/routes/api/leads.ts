import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import { LeadsData, LeadsQuery } from '@salon/shared/contracts/leads';
import { StandIdParams } from '@salon/shared/contracts/room';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { StandRow, UserRow } from '../../db/schema';
import { sendCsv } from '../../lib/responses';
import { forbidden } from '../../lib/errors';
import { csvFilename, leadsCsv, listLeads, toLead, type LeadListRow } from '../../services/leads';
import { ownsStand } from '../../services/visits';
import { apiViewer } from './auth';
import { standOf } from './stand-param';

const isOrganiser = (user: UserRow): boolean => user.profile === 'promoter' || user.profile === 'administrator';

/** A stand's leads: its own exhibitors (co-exhibitors included) and the organisers; anyone else 403. */
async function standLeadsFor(request: FastifyRequest): Promise<{ rows: LeadListRow[]; stand: StandRow; locale: LocaleCode }> {
  const viewer = await apiViewer(request);
  const stand = await standOf(request);
  if (!isOrganiser(viewer.user) && !(viewer.user.profile === 'exhibitor' && (await ownsStand(request.server.db, viewer.user.id, stand.id))))
    throw forbidden(say(viewer.locale, msg`Only the stand's exhibitors and the organizers see its leads`));
  return { rows: await listLeads(request.server.db, { standId: stand.id }), stand, locale: viewer.locale };
}

async function allLeadsFor(
  request: FastifyRequest,
  kind: LeadListRow['kind'] | undefined,
): Promise<{ rows: LeadListRow[]; locale: LocaleCode }> {
  const viewer = await apiViewer(request);
  if (!isOrganiser(viewer.user)) throw forbidden(say(viewer.locale, msg`For organizers only`));
  return { rows: await listLeads(request.server.db, { kind }), locale: viewer.locale };
}

const CSV_SUMMARY =
  'text/csv; charset=utf-8 with a BOM, as an attachment: a header row, one column per field, then for each consent yes/no (empty when the form did not show it), its wording and version; wording language; created_at in ISO 8601 UTC; a cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe.';

/** Leads (what the visitor's forms produce), for the stand's exhibitors and the organisers; JSON and CSV. */
export const leadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stands/:id/leads',
    {
      schema: {
        summary:
          "A stand's leads (contact requests, offer forms), newest first: the stand's exhibitors, promoters and administrators (403 for anyone else).",
        params: StandIdParams,
        response: { 200: Envelope(LeadsData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const { rows, locale } = await standLeadsFor(request);
      return { data: { leads: rows.map((row) => toLead(row, locale)) } };
    },
  );

  app.get(
    '/stands/:id/leads.csv',
    {
      schema: { summary: `A stand's leads as CSV (same access as /leads). ${CSV_SUMMARY}`, params: StandIdParams },
      attachValidation: true,
    },
    async (request, reply) => {
      const { rows, stand, locale } = await standLeadsFor(request);
      return sendCsv(reply, leadsCsv(rows, locale), csvFilename(stand.panorama_slug));
    },
  );

  app.get(
    '/leads',
    {
      schema: {
        summary:
          'Every lead (contest entries too), newest first; ?kind=contact_request|offer_form|contest. Promoters and administrators only (403).',
        querystring: LeadsQuery,
        response: { 200: Envelope(LeadsData) },
      },
    },
    async (request) => {
      const { rows, locale } = await allLeadsFor(request, request.query.kind);
      return { data: { leads: rows.map((row) => toLead(row, locale)) } };
    },
  );

  app.get(
    '/leads.csv',
    { schema: { summary: `Every lead as CSV (same access and ?kind as /leads). ${CSV_SUMMARY}`, querystring: LeadsQuery } },
    async (request, reply) => {
      const { rows, locale } = await allLeadsFor(request, request.query.kind);
      return sendCsv(reply, leadsCsv(rows, locale), csvFilename(request.query.kind ?? 'all'));
    },
  );
};
