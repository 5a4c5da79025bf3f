import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { OpinionAnswer, OpinionBody, OpinionFailed, ShareAnswer, ShareBody } from '@salon/shared/contracts/forms';
import {
  NPS_COOKIE,
  NPS_COOKIE_MAX_AGE_SECONDS,
  checkForm,
  opinionRules,
  readForm,
  type SocialPlatform,
} from '@salon/shared/contracts/form-rules';
import { url } from '@salon/shared/contracts/routes';
import { pick } from '../../lib/locale';
import { FORM_TEXTS, formErrorsOf } from '../../views/messages';
import { say } from '../../i18n';
import { cookieOptions } from '../../plugins/session';
import { recordShare, saveOpinion } from '../../services/engagement';
import { apiViewer } from './auth';
import { bodyOf, formLimits } from './form-kit';

const SHARERS: Record<SocialPlatform, (address: string, title: string) => string> = {
  facebook: (address) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
  linkedin: (address) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(address)}`,
  twitter: (address, title) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(address)}${title ? `&text=${encodeURIComponent(title)}` : ''}`,
};

/** The opinion (spec §2.12, §4.9) and the social share (spec §7). */
export const opinionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = formLimits(app);

  app.post(
    '/nps',
    {
      schema: {
        summary:
          "The opinion (spec §2.12, §4.9): score a whole number from 0 to 10, comment up to 140 characters. Any session; one opinion per user, a second one replaces it. Sets the nps cookie for a year. Invalid: 400 with success false, the spec's error message and formErrors.",
        body: OpinionBody,
        response: { 200: Envelope(OpinionAnswer), 400: Envelope(OpinionFailed), 500: Envelope(OpinionFailed) },
      },
      attachValidation: true,
      ...limited(),
    },
    async (request, reply) => {
      const viewer = await apiViewer(request);
      const body = bodyOf(request);
      const locale = viewer.locale;
      const issues = checkForm(opinionRules, body);
      if (Object.keys(issues).length > 0 || request.validationError) {
        const formErrors = request.validationError && Object.keys(issues).length === 0 ? undefined : formErrorsOf(locale, issues);
        return reply.code(400).send({
          data: { success: false, error: true, message: say(locale, FORM_TEXTS.opinionFailed), ...(formErrors ? { formErrors } : {}) },
        });
      }
      const { score, comment } = readForm(opinionRules, body);
      try {
        await saveOpinion(app.db, viewer.user.id, { score: score ?? 0, comment, locale });
      } catch (err) {
        request.log.error({ err }, 'opinion not stored');
        return reply.code(500).send({ data: { success: false, error: true, message: say(locale, FORM_TEXTS.opinionFailed) } });
      }
      // The browser reads it to stop asking (spec §4.9), so it is not HttpOnly.
      reply.setCookie(NPS_COOKIE, '1', { ...cookieOptions(request, NPS_COOKIE_MAX_AGE_SECONDS), httpOnly: false });
      return { data: { success: true, message: say(locale, FORM_TEXTS.opinionThanks) } };
    },
  );

  app.post(
    '/partages',
    {
      schema: {
        summary:
          "A sharer address for facebook, linkedin or twitter (spec §7) sharing the salon's public home page (absolute, from the request's origin); twitter also carries the title (the given one, else the social title, else the room name). Any session (anonymous visitors too; 401 without), like the other forms. An unknown platform is a 400. The share is recorded.",
        body: ShareBody,
        response: { 200: Envelope(ShareAnswer) },
      },
      ...limited(),
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { platform, title } = request.body;
      const params = await app.parameters.get();
      const fallback =
        pick(viewer.locale, params.social_title, params.social_title_en || params.social_title) ||
        pick(viewer.locale, params.room_name, params.room_name_en);
      const shownTitle = title?.trim() || fallback;
      const address = url('home', {}, { origin: viewer.origin });
      await recordShare(app.db, viewer.user.id, platform, shownTitle || null);
      return { data: { url: SHARERS[platform](address, shownTitle) } };
    },
  );
};
