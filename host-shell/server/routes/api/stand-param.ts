import type { FastifyRequest } from 'fastify';
import type { StandRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { findStand } from '../../services/exhibitors';

const STAND_ID_REQUIRED = 'A stand id is required: /api/stands/{stand_id}/…';

/** The stand of `/stands/{id}/…` (or `{stand_id}`): 404 when the id is missing, not one of ours, or no stand has it. */
export async function standOf(request: FastifyRequest, param: 'id' | 'stand_id' = 'id'): Promise<StandRow> {
  const raw = (request.params as Record<string, unknown>)[param];
  if (raw === undefined || raw === '') throw notFound(STAND_ID_REQUIRED);
  const id = typeof raw === 'string' ? decodeId(raw) : null;
  const stand = id === null ? null : await findStand(request.server.db, id);
  if (!stand) throw notFound(`Unknown stand: "${typeof raw === 'string' ? raw : ''}" is not a stand id`);
  return stand;
}
