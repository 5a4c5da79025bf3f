import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import type { Viewer } from '../../plugins/session';
import { membershipOf } from '../../services/chat';
import type { ChatContext, Membership } from '../../services/chat-members';

/** How the chat's answers are rendered for the caller (file addresses on its origin). */
export const chatContext = (request: FastifyRequest, viewer: Viewer): ChatContext => ({
  db: request.server.db,
  activity: request.server.activity,
  origin: viewer.origin,
});

/** The caller's membership of the channel in the path: 404 for a bad id, an unknown channel or someone else's. */
export async function channelOf(request: FastifyRequest, userId: number, locale: LocaleCode): Promise<Membership> {
  const raw = (request.params as { id?: unknown }).id;
  const channelId = typeof raw === 'string' ? decodeId(raw) : null;
  const membership = channelId === null ? null : await membershipOf(request.server.db, channelId, userId);
  if (!membership) throw notFound(say(locale, msg`Unknown channel`));
  return membership;
}

/** Path errors are 404 (unknown channel), other validation errors are thrown as they are. */
export function validationAfterPath(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error && error.validationContext !== 'params') throw error;
}
