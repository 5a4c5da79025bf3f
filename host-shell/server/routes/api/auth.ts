import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import type { Viewer } from '../../plugins/session';
import type { LocaleCode } from '@salon/shared/contracts/page-data';

/** The refusal of a call without a session. */
export const notAuthenticated = (locale: LocaleCode) => unauthorized(say(locale, msg`Not authenticated: open /salon or log in first`));

/** The API caller's user; 401 without a session. */
export async function apiViewer(request: FastifyRequest): Promise<Viewer & { user: UserRow }> {
  const viewer = await request.viewer();
  const user = viewer.user;
  if (!user) throw notAuthenticated(viewer.locale);
  return { ...viewer, user };
}
