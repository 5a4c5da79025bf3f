import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { queueLeadMails } from '../../services/lead-mail';
import type { FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import { Envelope } from '@salon/shared/contracts/envelope';
import { FormSent, OfferFormBody, StandContactRequestBody } from '@salon/shared/contracts/forms';
import { StandIdParams } from '@salon/shared/contracts/room';
import { offerFormRules, readForm, standContactRules, type FormRules } from '@salon/shared/contracts/form-rules';
import { acceptFormData } from '../../lib/form-data';
import { recordStandForm, standMarketingShown, type StandForm } from '../../services/form-leads';
import { FORM_TEXTS } from '../../views/messages';
import { say } from '../../i18n';
import { apiViewer } from './auth';
import { contestRoutes } from './contest';
import { bodyOf, checkOrThrow, formLimits, formLocale, type Body } from './form-kit';
import { opinionRoutes } from './opinion';
import { standOf } from './stand-param';
import { scoped } from '../../lib/plugin';

/**
 * The visitor's forms (spec §5, §7): a stand's contact request and offer form here, the contest and the game's score
 * (`contest.ts`), the opinion and the social share (`opinion.ts`). Bodies are JSON, urlencoded or multipart form data
 * (fields only). Each route has its own budgets (`formLimits`).
 */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptFormData(app);
  const limited = formLimits(app);

  /**
   * A stand's form: the shared rules, then a lead for the stand's exhibitors with the consents' wording. The marketing
   * consent counts when the stand's opt-in is on and `boxSent` says the form showed the box.
   */
  const standForm =
    (rules: FormRules, form: (body: Body) => StandForm, sent: MessageDescriptor, boxSent: (body: Body) => boolean) =>
    async (request: FastifyRequest) => {
      const viewer = await apiViewer(request);
      const stand = await standOf(request);
      const body = bodyOf(request);
      const locale = formLocale(body, viewer.locale);
      checkOrThrow(request, rules, body, locale);
      const marketingShown = standMarketingShown(stand, await app.parameters.get()) && boxSent(body);
      await recordStandForm(app.db, stand, viewer.user.id, form(body), marketingShown, locale);
      // Its exhibitors who asked for it get an e-mail (with nothing of the person).
      if ((await queueLeadMails(app.db, stand, viewer.origin)) > 0) void app.mail.flush();
      return { data: { error: false as const, message: say(locale, sent) } };
    };

  app.post(
    '/stands/:id/requestContact',
    {
      schema: {
        summary:
          "Ask a stand to be contacted (spec §5 stand contact-request form). Any session (anonymous visitors too). Field errors: 400 with formErrors in the request's language. optin_marketing is recorded only when the stand's marketing opt-in is on (the stand's value, else stands_optin_marketing). Stores a lead for the stand's exhibitors with the consents' wording (in `locale`, else the request's language) and version.",
        params: StandIdParams,
        body: StandContactRequestBody,
        response: { 200: Envelope(FormSent) },
      },
      attachValidation: true,
      ...limited(),
    },
    standForm(
      standContactRules,
      (body) => ({ kind: 'contact_request', value: readForm(standContactRules, body) }),
      FORM_TEXTS.contactRequestSent,
      () => true,
    ),
  );

  app.post(
    '/stands/:id/requestForminfo',
    {
      schema: {
        summary:
          "An offer's contact-info form (spec §5). Any session. Field errors: 400 with formErrors. The marketing consent is recorded when the stand's marketing opt-in is on (the stand's value, else stands_optin_marketing: the display flag of the box) and optin_marketing is sent (send false when the box was shown and left unticked; leave it out when it was not shown). Stores a lead for the stand's exhibitors.",
        params: StandIdParams,
        body: OfferFormBody,
        response: { 200: Envelope(FormSent) },
      },
      attachValidation: true,
      ...limited(),
    },
    standForm(
      offerFormRules,
      (body) => ({ kind: 'offer_form', value: readForm(offerFormRules, body) }),
      FORM_TEXTS.offerSent,
      // The box was shown only when the stand's opt-in is on, and the form sends it only when it showed it.
      (body) => 'optin_marketing' in body,
    ),
  );

  await app.register(scoped(contestRoutes));
  await app.register(scoped(opinionRoutes));
};
