import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { CompanyData, CompanyParams } from '@salon/shared/contracts/exhibitors';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { findCompany, toCompany } from '../../services/exhibitors';

/** The company sheet (spec §2.5). Public data, as on the stand itself: no session needed. */
const COMPANY_PATH = '/api/company/{id}';

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
      const refused = async (text: (locale: LocaleCode) => string) => notFound(text((await request.viewer()).locale));
      if (!raw) throw await refused((locale) => say(locale, msg`A company id is required: ${COMPANY_PATH}`));
      const id = decodeId(raw);
      const company = id === null ? null : await findCompany(app.db, id);
      if (!company) throw await refused((locale) => say(locale, msg`Unknown company: "${raw}" is not a company id`));
      return { data: { company: toCompany(company) } };
    },
  );
};
