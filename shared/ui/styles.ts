/**
 * Adds a `<style>` once per page for `id` (several remotes may carry the same code). Widgets keep
 * their CSS as a small string beside the component; the host page's own styles stay untouched
 * because every selector starts with the widget's `salon-` class.
 */
export function injectStyles(id: string, css: string, doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(id)) return;
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
