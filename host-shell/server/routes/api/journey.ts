import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { Envelope } from '@salon/shared/contracts/envelope';
import { JOURNEY_MAX_STANDS, JourneyBody, JourneyData, type Journey } from '@salon/shared/contracts/journey';
import { badRequest, forbidden } from '../../lib/errors';
import { loadFeatures } from '../../services/settings';
import { unknownStands } from '../../services/stands';
import { updateUser } from '../../services/users';
import { apiViewer } from './auth';

const LISTS = ['standsToVisit', 'standsVisited'] as const;

/** Each list without repeats, in first-seen order. */
function deduplicated(body: Journey): Journey {
  return {
    vistingStand: body.vistingStand,
    standsToVisit: [...new Set(body.standsToVisit)],
    standsVisited: [...new Set(body.standsVisited)],
  };
}

/** Spec §4.1: a stand is to visit, being visited or visited; never two of them at once. */
function standsInSeveralLists(journey: Journey): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of [...(journey.vistingStand ? [journey.vistingStand] : []), ...journey.standsToVisit, ...journey.standsVisited]) {
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

const quoted = (ids: string[]) => ids.map((id) => `"${id}"`).join(', ');

async function checkedJourney(request: FastifyRequest, body: Journey, locale: LocaleCode): Promise<Journey> {
  for (const list of LISTS) {
    if (body[list].length > JOURNEY_MAX_STANDS) {
      throw badRequest(say(locale, msg`"${list}" must hold at most ${JOURNEY_MAX_STANDS} stands`), {
        [list]: `must hold at most ${JOURNEY_MAX_STANDS} stands`,
      });
    }
  }
  const journey = deduplicated(body);
  const all = [...new Set([...(journey.vistingStand ? [journey.vistingStand] : []), ...journey.standsToVisit, ...journey.standsVisited])];
  const unknown = await unknownStands(request.server.db, all);
  if (unknown.length > 0) {
    const ids = quoted(unknown);
    throw badRequest(say(locale, msg`Unknow stand with id ${ids}`), { stands: `unknown stand ids: ${unknown.join(', ')}` });
  }
  const twice = standsInSeveralLists(journey);
  if (twice.length > 0) {
    const ids = quoted(twice);
    throw badRequest(say(locale, msg`A stand is in one list of the journey at most: ${ids} is in several`), {
      stands: `in several lists: ${twice.join(', ')}`,
    });
  }
  return journey;
}

/**
 * The visitor's journey (spec §4.1, §7 PUT /api/journey). Stored as JSON in users.journey, which the page data
 * gives back (`user.journey`) on the next page load.
 */
export const journeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/journey',
    {
      schema: {
        summary: `Saves the visitor's journey (spec §4.1): the stand being visited (at most one), the stands to visit and the stands visited, obfuscated stand ids, replacing the stored journey. Repeats within a list are dropped; at most ${JOURNEY_MAX_STANDS} stands per list; every id must be a stand (400 listing the others, "Unknow stand with id …"), and a stand may be in one list only (400). Any session, anonymous visitors' too (registering keeps their user, logging in adds their journey to the account's): no session 401; 403 when the journey feature is off. Answers the journey as stored.`,
        body: JourneyBody,
        response: { 200: Envelope(JourneyData) },
      },
      attachValidation: true,
    },
    async (request) => {
      // Who may save comes before what was sent: a refused caller learns nothing about stand ids.
      const { user, locale } = await apiViewer(request);
      const features = await loadFeatures(app.db);
      if (features.journey !== '1') throw forbidden(say(locale, msg`The personal journey is not enabled`));
      if (request.validationError) throw request.validationError;
      const journey = await checkedJourney(request, request.body, locale);
      await updateUser(app.db, user.id, { journey: JSON.stringify(journey) });
      return { data: { journey } };
    },
  );
};
