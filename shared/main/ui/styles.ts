/** The ids already added to a document, shared by every copy of this module (several remotes may carry it). */
const ADDED: unique symbol = Symbol.for('salon.styles@1');

type StyledDocument = Document & { [ADDED]?: Set<string> };

/** True where `new CSSStyleSheet()` + `replaceSync` + `adoptedStyleSheets` exist (not jsdom). */
function constructable(doc: Document): boolean {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  return Array.isArray(doc.adoptedStyleSheets) && !!view?.CSSStyleSheet && 'replaceSync' in view.CSSStyleSheet.prototype;
}

/**
 * A stylesheet built from `css`, for a document or shadow root's `adoptedStyleSheets`. Constructed stylesheets are
 * not inline `<style>` elements: a Content-Security-Policy without `'unsafe-inline'` lets them apply.
 */
export function constructStyleSheet(css: string, doc: Document = globalThis.document): CSSStyleSheet | null {
  if (!constructable(doc)) return null;
  const view = doc.defaultView as Window & typeof globalThis;
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/**
 * Adds a stylesheet once per page for `id` (several remotes may carry the same code). Widgets keep their CSS as a
 * small string beside the component; the host page's own styles stay untouched because every selector starts with
 * the widget's `salon-` class. It goes into `document.adoptedStyleSheets`, after the page's own stylesheets, so
 * host pages need no `'unsafe-inline'` (nor a nonce) in their `style-src`; a `<style id>` where constructed
 * stylesheets do not exist.
 */
export function injectStyles(id: string, css: string, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const styled = doc as StyledDocument;
  const added = (styled[ADDED] ??= new Set());
  if (added.has(id) || doc.getElementById(id)) return;
  added.add(id);
  const sheet = constructStyleSheet(css, doc);
  if (sheet) {
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.id = id;
  style.textContent = css;
  doc.head.append(style);
}

injectStyles(
  'salon-shared-ui',
  `.salon-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.salon-icon-button{display:inline-flex;align-items:center;justify-content:center;min-width:2rem;min-height:2rem;padding:0;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;cursor:pointer}
.salon-icon-button:hover{background:rgba(0,0,0,.08)}
.salon-icon-button:focus-visible{outline:2px solid currentColor;outline-offset:2px}`,
);
