import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { url, type RouteName, type RouteParams, type BuildOptions } from '@salon/shared/contracts/routes';
import type { UserRow } from '../db/schema';
import { html, raw, type SafeHtml, type Interpolation } from '../lib/html';
import { LANGS, LOCALE_FORM_PATH, languageOf, localPath, pick } from '../lib/locale';
import { displayName, homeRouteName } from '../services/users';

export interface PageContext {
  locale: LocaleCode;
  origin: string;
  user: UserRow | null;
  /** The page's path and query: where the language switcher comes back to (the home page when absent). */
  path?: string;
}

/** Helpers bound to one request: translations and absolute addresses of named routes. */
export function helpers(ctx: PageContext) {
  return {
    tr: (text: MessageDescriptor) => say(ctx.locale, text),
    /** Bilingual content (names, descriptions): the English one in English, else the French (spec §1). */
    local: (fr: string, en: string) => pick(ctx.locale, fr, en),
    link: (name: RouteName, params: RouteParams = {}, options: Omit<BuildOptions, 'origin'> = {}) =>
      url(name, params, { ...options, origin: ctx.origin }),
  };
}

/**
 * The stylesheet of every page but /salon, inline (the CSP allows it by hash: plugins/csp.ts). `.stats-reserve`: the
 * organisers' figures (widgets/stats) until they mount, at their height with nobody in the room (two cards side by
 * side, stacked on a phone), so that the news form below does not jump when they do.
 */
export const SITE_STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1d2433;background:#f5f6fa}
body{margin:0}a{color:#2b59c3}header,footer{background:#fff;border-bottom:1px solid #e2e5ee;padding:.75rem 1.5rem}
footer{border-top:1px solid #e2e5ee;border-bottom:0;margin-top:3rem;font-size:.9rem}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:1rem;margin:0;padding:0;align-items:center}
nav .brand{font-weight:700;margin-right:auto;text-decoration:none;color:#1d2433}
main{max-width:60rem;margin:2rem auto;padding:0 1.5rem}
.cards{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fit,minmax(17rem,1fr))}
.card{background:#fff;border:1px solid #e2e5ee;border-radius:.5rem;padding:1.25rem}.cards+.card,.card+.card{margin-top:1.5rem}.cards>.card{margin-top:0}
label{display:block;font-weight:600;margin-top:.75rem}input,select,textarea{font:inherit;width:100%;box-sizing:border-box;padding:.45rem;border:1px solid #b8bfd0;border-radius:.3rem}
input[type=checkbox]{width:auto;margin-right:.4rem}.check{font-weight:400}
button,.button{display:inline-block;margin-top:1rem;font:inherit;padding:.5rem 1rem;border:0;border-radius:.3rem;background:#2b59c3;color:#fff;text-decoration:none;cursor:pointer}
.error{color:#b00020;font-weight:400;font-size:.9rem;margin:.2rem 0 0}.notice{padding:.75rem 1rem;border-radius:.3rem;background:#fdecea;color:#7a1020}
.success{background:#e7f6ec;color:#0f5b2a}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e2e5ee}
img.avatar{width:96px;height:96px;border-radius:50%}dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dt{font-weight:600}dd{margin:0}
.scroll{overflow-x:auto}form.inline{display:inline}button.secondary{margin:.25rem 0 0;padding:.2rem .5rem;background:#fff;color:#b00020;border:1px solid #b00020;font-size:.9rem}
.table-scroll{overflow-x:auto}.muted{color:#6b7280}
.stats-reserve{margin-top:1.5rem;min-height:558px}.stats-reserve h2{margin:0}@media (max-width:40rem){.stats-reserve{min-height:950px}}
.confirm{max-width:min(28rem,calc(100vw - 2rem));box-sizing:border-box;padding:1.25rem;border:1px solid #e2e5ee;border-radius:.5rem;box-shadow:0 10px 30px rgb(0 0 0/.25)}
.confirm::backdrop{background:rgb(29 36 51/.45)}.confirm p{margin:0 0 .5rem}.confirm form{display:flex;flex-wrap:wrap;gap:.5rem}
.confirm button{margin-top:.5rem}button.danger{background:#b00020}button.cancel{background:#fff;color:#1d2433;border:1px solid #b8bfd0}
form.lang{display:flex;gap:.25rem;margin:0}form.lang button{margin:0;padding:.15rem .55rem;background:#fff;color:#2b59c3;border:1px solid #2b59c3;font-size:.9rem}
form.lang button[aria-current=true]{background:#2b59c3;color:#fff}form.lang button:focus-visible{outline:2px solid #1d2433;outline-offset:2px}
`;

function nav(ctx: PageContext): SafeHtml {
  const { tr, link } = helpers(ctx);
  const user = ctx.user;
  const registered = user !== null && user.anonymous === 0;
  return html`<nav aria-label="${tr(msg`Main navigation`)}"><ul>
<li><a class="brand" href="${link('home')}">Salon</a></li>
<li><a href="${link('room')}">${tr(msg`Enter the fair`)}</a></li>
${registered && user.profile !== 'visitor' ? html`<li><a href="${link(homeRouteName(user.profile))}">${tr(msg`My area`)}</a></li>` : ''}
${registered ? html`<li><a href="${link('profile')}">${tr(msg`My profile`)}</a></li>` : ''}
${user ? html`<li><span>${displayName(user, ctx.locale)}</span></li>` : ''}
${registered ? html`<li><a href="${link('logout')}">${tr(msg`Log out`)}</a></li>` : ''}
${user ? '' : html`<li><a href="${link('home')}">${tr(msg`Log in`)}</a></li>`}
${languageSwitcher(ctx)}
</ul></nav>`;
}

/**
 * The language switcher: a form of one button per language (no JavaScript needed), the page's language marked
 * current. It posts to `/langue`, which stores the choice as the top bar's switcher does, then shows this page again.
 */
function languageSwitcher(ctx: PageContext): SafeHtml {
  const { tr } = helpers(ctx);
  if (LANGS.length < 2) return html``;
  const back = localPath(ctx.path) ?? '/';
  return html`<li><form class="lang" method="post" action="${LOCALE_FORM_PATH}" role="group" aria-label="${tr(msg`Language`)}">
<input type="hidden" name="back" value="${back}">
${LANGS.map((l) => html`<button type="submit" name="lang" value="${l.prefix_all}" lang="${languageOf(l.prefix_all)}"${l.prefix_all === ctx.locale ? html` aria-current="true"` : ''}>${l.name}</button>`)}
</form></li>`;
}

function footer(ctx: PageContext): SafeHtml {
  const { tr, link } = helpers(ctx);
  return html`<footer><nav aria-label="${tr(msg`Information`)}"><ul>
<li><a href="${link('faq')}">${tr(msg`FAQ`)}</a></li>
<li><a href="${link('legal-notice')}">${tr(msg`Legal notice`)}</a></li>
<li><a href="${link('privacy-policy')}">${tr(msg`Privacy policy`)}</a></li>
<li><a href="${link('contest-rules')}">${tr(msg`Contest rules`)}</a></li>
<li><a href="${link('cookie-policy')}">${tr(msg`Cookies`)}</a></li>
</ul></nav></footer>`;
}

/** How every HTML page of the server starts, up to its title: doctype, language, charset, viewport, icon. */
export const pageStart = (locale: LocaleCode): SafeHtml => html`<!doctype html>
<html lang="${languageOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/media/favicon.svg" type="image/svg+xml">`;

/** The one layout of the server-rendered pages. */
export function layout(ctx: PageContext, title: string, body: Interpolation): string {
  return html`${pageStart(ctx.locale)}
<title>${title} – Salon</title>
<style>${raw(SITE_STYLE)}</style>
</head>
<body>
<header>${nav(ctx)}</header>
<main id="content">
<h1>${title}</h1>
${body}
</main>
${footer(ctx)}
</body>
</html>
`.value;
}
