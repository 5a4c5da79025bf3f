import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { url } from '@salon/shared/contracts/routes';
import { HttpError } from '../../lib/errors';
import { isLocale, localPath } from '../../lib/locale';
import { chooseLocale } from '../../plugins/session';

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * `POST /langue` (`lang`, `back`): the choice is stored as the top bar's switcher stores it (`PUT /api/locale`: the
 * cookie, and the account of a session), then the page it was made on again (303), in the chosen language.
 */
export async function chooseLocaleForm(request: FastifyRequest, reply: FastifyReply) {
  const { locale, origin } = await request.viewer();
  const lang = fieldOf(request.body, 'lang');
  if (!isLocale(lang)) throw new HttpError(400, say(locale, msg`Unknown language`));
  await chooseLocale(request, reply, lang);
  const back = localPath(fieldOf(request.body, 'back'));
  return reply.redirect(back ? new URL(back, origin).toString() : url('home', {}, { origin }), 303);
}
