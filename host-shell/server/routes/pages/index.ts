import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { ROUTES, buildPath, type RouteName } from '@salon/shared/contracts/routes';
import type { RateLimits } from '../../config';
import { acceptFormData } from '../../lib/form-data';
import { sameOrigin } from '../../plugins/same-origin';
import { contentPage, type ContentPage } from '../../views/content';
import { notFoundPage } from '../../views/errors';
import { saveLeadEmails, showExhibitorArea, showExhibitorProfile, showOwnExhibitorProfile, showPromoterArea, showVisitors } from './areas';
import { LEAD_MAIL_PATH } from '../../services/lead-mail';
import { TALK_REMINDER_PATH } from '../../services/talk-reminder-mail';
import { saveAdmin, showAdmin } from './admin';
import { companyDocumentRoutes } from './admin-company-documents';
import { panoramaFormRoutes, showPanoramas } from './admin-panoramas';
import { saveAccounts, showAccounts } from './admin-accounts';
import { saveCompanies, showCompanies } from './admin-companies';
import { saveStands, showStands } from './admin-stands';
import { login, loginRefused, logout, register, registerRefused, REGISTER_PATTERN, showHome } from './auth';
import { contactRefused, sendContact, showContact } from './contact';
import { LOCALE_FORM_PATH } from '../../lib/locale';
import { chooseLocaleForm } from './locale';
import { pageContext, sendPage } from './kit';
import { saveProfile, saveTalkReminders, showProfile } from './profile';
import { showRoom } from './room';
import { showImports } from './imports';
import { showSigninLink, signinLinkRefused, useSigninLinkPage } from './signin-link';
import { SIGNIN_LINK_PATTERN } from '../../services/signin-links';
import { serveChatFile } from './chat-file';
import { showAdminMail, showCaughtAttachment } from './admin-mail';
import { postUnsubscribe, showUnsubscribe } from './unsubscribe';
import { saveProgramme, showProgramme } from './admin-programme';
import { ADMIN_PROGRAMME_PATH } from '../../views/back-office-nav';
import { sendEmailingForm, serveEmailingScript } from './emailing';
import { EMAILING_FORM_PATH, EMAILING_SCRIPT_PATH } from '../../views/emailing';
import { UNSUBSCRIBE_PATTERN } from '../../services/emailings';
import { saveAdminAccess, showAdminAccess } from './admin-access';
import { ADMIN_ACCESS_PATH } from '../../views/admin-access';
import { askPasswordReset, passwordResetRefused, showPasswordReset } from './password-reset';
import { RESET_PATH } from '../../services/password-reset';
import { ADMIN_MAIL_PATH } from '../../views/admin-mail';
import { sendPromoterNotification } from './news';
import { scoped } from '../../lib/plugin';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface PageDefinition {
  get: Handler;
  /** A form post: checked for same origin before its body is read. */
  post?: Handler;
  errorFormat?: 'contact';
  /** The post also takes multipart form data (fields only), besides urlencoded and JSON (spec §7 "form data"). */
  formData?: true;
  /** The post's rate limits (`AppConfig.rateLimits`), and its page again with the message when one refuses it. */
  limits?: PostLimits;
}

interface PostLimits {
  perAddress: keyof RateLimits;
  /** The address's budget slows the posts over it down instead of refusing them (login, registration: a crowd behind one address). */
  slow?: true;
  /** The session user's budget. */
  perUser?: keyof RateLimits;
  /** The login's budget per address and e-mail. */
  perAccount?: keyof RateLimits;
  page: NonNullable<FastifyContextConfig['rateLimitPage']>;
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
  contact: {
    get: showContact,
    post: sendContact,
    errorFormat: 'contact',
    formData: true,
    limits: { perAddress: 'contactPerAddress', perUser: 'contactPerUser', page: contactRefused },
  },
  login: {
    get: showHome,
    post: login,
    limits: { perAddress: 'loginPerAddress', slow: true, perAccount: 'loginPerAccount', page: loginRefused },
  },
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
  admin: { get: showAdmin, post: saveAdmin },
  // Its post (a multipart upload) is registered by `panoramaFormRoutes`, in a scope of its own.
  'admin.panoramas': { get: showPanoramas },
  'admin.imports': { get: showImports },
  'admin.companies': { get: showCompanies, post: saveCompanies },
  'admin.stands': { get: showStands, post: saveStands },
  'admin.accounts': { get: showAccounts, post: saveAccounts },
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

/** Registration is not in the route table; its post is limited per address. */
const REGISTER_LIMITS: PostLimits = { perAddress: 'registerPerAddress', slow: true, page: registerRefused };
/** A password reset asked for: its own budget per address. */
const RESET_LIMITS: PostLimits = { perAddress: 'resetPerAddress', page: passwordResetRefused };
/** A sign-in link's password: the registration's budget per address. */
const SIGNIN_LINK_LIMITS: PostLimits = { perAddress: 'registerPerAddress', slow: true, page: signinLinkRefused };

export const pageRoutes: FastifyPluginAsync = async (app) => {
  const formGuard = sameOrigin('form');
  const configOf = (page: PageDefinition) => (page.errorFormat ? { errorFormat: page.errorFormat } : {});
  const postOptions = (page: PageDefinition): RouteShorthandOptions => {
    const limited = limitOptions(app, page.limits);
    return { ...limited, config: { ...configOf(page), ...limited.config }, onRequest: formGuard };
  };
  const formDataPosts: [path: string, page: PageDefinition, post: Handler][] = [];
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const page = PAGES[name];
    for (const path of fastifyPaths(ROUTES[name])) {
      app.get(path, { config: configOf(page) }, page.get);
      if (page.post && page.formData) formDataPosts.push([path, page, page.post]);
      else if (page.post) app.post(path, postOptions(page), page.post);
    }
  }
  // Multipart bodies only where a page takes them, in a scope of their own: the other forms keep refusing them (415).
  await app.register(
    scoped(async function formDataScope(scope) {
      await acceptFormData(scope);
      for (const [path, page, post] of formDataPosts) scope.post(path, postOptions(page), post);
    }),
  );
  app.post(buildPath(REGISTER_PATTERN), postOptions({ get: showHome, limits: REGISTER_LIMITS }), register);
  // The header's language switcher (views/layout.ts): not a page of the route table, a form post only.
  app.post(LOCALE_FORM_PATH, postOptions({ get: showHome }), chooseLocaleForm);
  // Sign-in links (not in the route table either): the password form of a link, its post limited per address.
  const [signinLinkPath] = fastifyPaths(SIGNIN_LINK_PATTERN);
  app.get(signinLinkPath!, showSigninLink);
  app.post(signinLinkPath!, postOptions({ get: showSigninLink, limits: SIGNIN_LINK_LIMITS }), useSigninLinkPage);
  app.get(ADMIN_MAIL_PATH, showAdminMail);
  app.get(`${ADMIN_MAIL_PATH}/:seq/:index`, showCaughtAttachment);
  app.get(ADMIN_ACCESS_PATH, showAdminAccess);
  app.get(ADMIN_PROGRAMME_PATH, showProgramme);
  app.post(ADMIN_PROGRAMME_PATH, postOptions({ get: showProgramme }), saveProgramme);
  app.post(LEAD_MAIL_PATH, postOptions({ get: showHome }), saveLeadEmails);
  app.post(TALK_REMINDER_PATH, postOptions({ get: showHome }), saveTalkReminders);
  app.post(EMAILING_FORM_PATH, postOptions({ get: showHome }), sendEmailingForm);
  app.get(EMAILING_SCRIPT_PATH, serveEmailingScript);
  // An e-mailing's unsubscribe link; its post is the mail clients' one click too (RFC 8058): no form guard.
  app.get(`${UNSUBSCRIBE_PATTERN}:token`, showUnsubscribe);
  app.post(`${UNSUBSCRIBE_PATTERN}:token`, postUnsubscribe);
  app.post(ADMIN_ACCESS_PATH, postOptions({ get: showAdminAccess }), saveAdminAccess);
  // A forgotten password: the address form, its post limited per address (and per account by the service).
  app.get(RESET_PATH, showPasswordReset);
  app.post(RESET_PATH, postOptions({ get: showPasswordReset, limits: RESET_LIMITS }), askPasswordReset);
  await app.register(scoped(panoramaFormRoutes), { formGuard });
  await app.register(scoped(companyDocumentRoutes), { formGuard });
};

/** A post's rate-limit options: the per-address budget (`config.rateLimit`), the other budgets' hooks, the refusal page. */
function limitOptions(
  app: FastifyInstance,
  limits: PostLimits | undefined,
): Pick<RouteShorthandOptions, 'preValidation' | 'onResponse'> & { config: FastifyContextConfig } {
  if (!limits) return { config: {} };
  const rules = app.config.rateLimits;
  const account = limits.perAccount ? app.limits.perAccount(rules[limits.perAccount]) : null;
  const hooks = [
    ...(limits.slow ? [app.limits.slowPerAddress(limits.perAddress, rules[limits.perAddress])] : []),
    ...(account ? [account.preValidation] : []),
    ...(limits.perUser ? [app.limits.perUser(rules[limits.perUser])] : []),
  ];
  return {
    config: { ...(limits.slow ? {} : { rateLimit: app.limits.perAddress(rules[limits.perAddress]) }), rateLimitPage: limits.page },
    ...(hooks.length > 0 ? { preValidation: hooks } : {}),
    ...(account ? { onResponse: account.onResponse } : {}),
  };
}
