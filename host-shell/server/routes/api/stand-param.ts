import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyRequest } from 'fastify';
import type { StandRow } from '../../db/schema';
import { notFound, type HttpError } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { findStand } from '../../services/exhibitors';

const STAND_PATH = '/api/stands/{stand_id}/…';

type StandParam = 'id' | 'stand_id';

/** The stand id of `/stands/{id}/…` (or `{stand_id}`) decoded, without reading anything; null when it is not one of ours. */
export function standIdParam(request: FastifyRequest, param: StandParam = 'id'): number | null {
  const raw = (request.params as Record<string, unknown>)[param];
  return typeof raw === 'string' ? decodeId(raw) : null;
}

/** The 404 of a stand id that is missing, not one of ours, or no stand's. */
export async function unknownStand(request: FastifyRequest, param: StandParam = 'id'): Promise<HttpError> {
  const raw = (request.params as Record<string, unknown>)[param];
  const { locale } = await request.viewer();
  if (raw === undefined || raw === '') return notFound(say(locale, msg`A stand id is required: ${STAND_PATH}`));
  const given = typeof raw === 'string' ? raw : '';
  return notFound(say(locale, msg`Unknown stand: "${given}" is not a stand id`));
}

/** The stand of `/stands/{id}/…` (or `{stand_id}`): 404 when the id is missing, not one of ours, or no stand has it. */
export async function standOf(request: FastifyRequest, param: StandParam = 'id'): Promise<StandRow> {
  const id = standIdParam(request, param);
  const stand = id === null ? null : await findStand(request.server.db, id);
  if (!stand) throw await unknownStand(request, param);
  return stand;
}
