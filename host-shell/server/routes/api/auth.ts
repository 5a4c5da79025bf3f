import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import type { Viewer } from '../../plugins/session';

/** The API caller's user; 401 without a session. */
export async function apiViewer(request: FastifyRequest): Promise<Viewer & { user: UserRow }> {
  const viewer = await request.viewer();
  const user = viewer.user;
  if (!user) throw unauthorized('Not authenticated: open /salon or log in first');
  return { ...viewer, user };
}
