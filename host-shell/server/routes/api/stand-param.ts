import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyRequest } from 'fastify';
import type { StandRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { findStand } from '../../services/exhibitors';

const STAND_PATH = '/api/stands/{stand_id}/…';

/** The stand of `/stands/{id}/…` (or `{stand_id}`): 404 when the id is missing, not one of ours, or no stand has it. */
export async function standOf(request: FastifyRequest, param: 'id' | 'stand_id' = 'id'): Promise<StandRow> {
  const raw = (request.params as Record<string, unknown>)[param];
  if (raw === undefined || raw === '') {
    const { locale } = await request.viewer();
    throw notFound(say(locale, msg`A stand id is required: ${STAND_PATH}`));
  }
  const id = typeof raw === 'string' ? decodeId(raw) : null;
  const stand = id === null ? null : await findStand(request.server.db, id);
  if (!stand) {
    const { locale } = await request.viewer();
    const given = typeof raw === 'string' ? raw : '';
    throw notFound(say(locale, msg`Unknown stand: "${given}" is not a stand id`));
  }
  return stand;
}
