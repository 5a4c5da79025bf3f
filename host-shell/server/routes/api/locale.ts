import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { Envelope } from '@salon/shared/contracts/envelope';
import { LangsData, LocaleBody, LocaleData } from '@salon/shared/contracts/locale';
import { LANGS } from '../../lib/locale';
import { chooseLocale } from '../../plugins/session';

const multi = LANGS.length > 1;

export const localeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/langs', { schema: { summary: 'Languages of the interface', response: { 200: Envelope(LangsData) } } }, async () => ({
    data: { langs: [...LANGS] },
  }));

  app.get('/locale', { schema: { summary: 'Current locale', response: { 200: Envelope(LocaleData) } } }, async (request) => {
    const { locale } = await request.viewer();
    return { data: { locale, multi } };
  });

  const schema = {
    summary: 'Choose the locale (kept in the salon_locale cookie and on the user)',
    body: LocaleBody,
    response: { 200: Envelope(LocaleData) },
  };
  const choose = async (request: FastifyRequest, reply: FastifyReply, lang: LocaleCode) => {
    await chooseLocale(request, reply, lang);
    return { data: { locale: lang, multi } };
  };
  app.post('/locale', { schema }, async (request, reply) => choose(request, reply, request.body.lang));
  app.put('/locale', { schema }, async (request, reply) => choose(request, reply, request.body.lang));
};
