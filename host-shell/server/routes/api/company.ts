import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { CompanyData, CompanyParams } from '@salon/shared/contracts/exhibitors';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { findCompany, toCompany } from '../../services/exhibitors';

/** The company sheet (spec §2.5). Public data, as on the stand itself: no session needed. */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/company/:id',
    {
      schema: {
        summary:
          'A company and every field of its sheet (spec §2.5); null for what it has not given. The company id is required (spec §5); an id that is not a company is a 404.',
        params: CompanyParams,
        response: { 200: Envelope(CompanyData) },
      },
      // A malformed id is an unknown company (404), like any id that does not decode.
      attachValidation: true,
    },
    async (request) => {
      const raw = request.params.id;
      if (!raw) throw notFound('A company id is required: /api/company/{id}');
      const id = decodeId(raw);
      const company = id === null ? null : await findCompany(app.db, id);
      if (!company) throw notFound(`Unknown company: "${raw}" is not a company id`);
      return { data: { company: toCompany(company) } };
    },
  );
};
