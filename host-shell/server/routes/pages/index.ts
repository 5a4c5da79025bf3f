import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, buildPath, type RouteName } from '../../../../shared/routes';
import { acceptFormData } from '../../lib/form-data';
import { sameOrigin } from '../../plugins/same-origin';
import { contentPage, type ContentPage } from '../../views/content';
import { notFoundPage } from '../../views/errors';
import { showAdmin, showExhibitorArea, showExhibitorProfile, showOwnExhibitorProfile, showPromoterArea, showVisitors } from './areas';
import { login, logout, register, REGISTER_PATTERN, showHome } from './auth';
import { sendContact, showContact } from './contact';
import { pageContext, sendPage } from './kit';
import { saveProfile, showProfile } from './profile';
import { showRoom } from './room';
import { serveChatFile } from './chat-file';
import { sendPromoterNotification } from './news';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface PageDefinition {
  get: Handler;
  /** A form post: checked for same origin before its body is read. */
  post?: Handler;
  errorFormat?: 'contact';
  /** The post also takes multipart form data (fields only), besides urlencoded and JSON (spec §7 "form data"). */
  formData?: true;
}

const content =
  (page: ContentPage): Handler =>
  async (request, reply) =>
    sendPage(reply, contentPage(await pageContext(request), page));

/** Every route of spec §2.1 has a page: a missing entry here is a type error. */
const PAGES: Record<RouteName, PageDefinition> = {
  home: { get: showHome },
  room: { get: showRoom },
  notfound: { get: async (request, reply) => sendPage(reply, notFoundPage(await pageContext(request)), 404) },
  profile: { get: showProfile, post: saveProfile },
  contact: { get: showContact, post: sendContact, errorFormat: 'contact', formData: true },
  login: { get: showHome, post: login },
  faq: { get: content('faq') },
  'legal-notice': { get: content('legal-notice') },
  'privacy-policy': { get: content('privacy-policy') },
  'contest-rules': { get: content('contest-rules') },
  'cookie-policy': { get: content('cookie-policy') },
  'chat.file': { get: serveChatFile },
  logout: { get: logout, post: logout },
  exhibitor: { get: showExhibitorArea },
  'exhibitor.profile': { get: showExhibitorProfile },
  'exhibitor.profile.me': { get: showOwnExhibitorProfile },
  promoter: { get: showPromoterArea, post: sendPromoterNotification },
  'promoter.visitors': { get: showVisitors },
  admin: { get: showAdmin },
};

/**
 * A route-table pattern as fastify paths: `{x}` becomes `:x`, and each optional tail adds a path,
 * its final parameter a wildcard (a trailing path may hold slashes): `/salon[/{path}]` → `/salon`, `/salon/*`.
 */
export function fastifyPaths(pattern: string): string[] {
  const [head = '', ...tails] = pattern.replace(/\]/g, '').split('[');
  const toFastify = (part: string) => part.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
  const paths = [toFastify(head) || '/'];
  let current = toFastify(head);
  tails.forEach((tail, index) => {
    const isLast = index === tails.length - 1;
    current += isLast ? toFastify(tail).replace(/:[A-Za-z_][A-Za-z0-9_]*$/, '*') : toFastify(tail);
    paths.push(current);
  });
  return paths;
}

export const pageRoutes: FastifyPluginAsync = async (app) => {
  const formGuard = sameOrigin('form');
  const configOf = (page: PageDefinition) => (page.errorFormat ? { errorFormat: page.errorFormat } : {});
  const formDataPosts: [path: string, page: PageDefinition, post: Handler][] = [];
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const page = PAGES[name];
    for (const path of fastifyPaths(ROUTES[name])) {
      app.get(path, { config: configOf(page) }, page.get);
      if (page.post && page.formData) formDataPosts.push([path, page, page.post]);
      else if (page.post) app.post(path, { config: configOf(page), onRequest: formGuard }, page.post);
    }
  }
  // Multipart bodies only where a page takes them, in a scope of their own: the other forms keep refusing them (415).
  await app.register(async (scope) => {
    await acceptFormData(scope);
    for (const [path, page, post] of formDataPosts) scope.post(path, { config: configOf(page), onRequest: formGuard }, post);
  });
  app.post(buildPath(REGISTER_PATTERN), { onRequest: formGuard }, register);
};
