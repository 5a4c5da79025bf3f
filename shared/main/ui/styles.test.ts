import { describe, expect, jest, test } from '@jest/globals';
import { constructStyleSheet, injectStyles } from './styles';

/** A stand-in for a browser's constructed stylesheets, which jsdom lacks. */
class FakeSheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}

/** A document with `adoptedStyleSheets` and a window whose CSSStyleSheet has `replaceSync`. */
function documentWithConstructedSheets(): Document {
  const doc = document.implementation.createHTMLDocument('page');
  Object.defineProperty(doc, 'defaultView', { value: { CSSStyleSheet: FakeSheet } });
  Object.defineProperty(doc, 'adoptedStyleSheets', { value: [], writable: true });
  return doc;
}

const adopted = (doc: Document): string[] => (doc.adoptedStyleSheets as unknown as FakeSheet[]).map((s) => s.text);

describe('injectStyles', () => {
  test('adds a constructed stylesheet once per id, and no <style> element (a CSP without unsafe-inline allows it)', () => {
    const doc = documentWithConstructedSheets();
    injectStyles('salon-a', '.salon-a{color:red}', doc);
    injectStyles('salon-a', '.salon-a{color:blue}', doc);
    injectStyles('salon-b', '.salon-b{color:green}', doc);
    expect(adopted(doc)).toEqual(['.salon-a{color:red}', '.salon-b{color:green}']);
    expect(doc.querySelectorAll('style')).toHaveLength(0);
  });

  test('another copy of the module (another remote) does not add the same id again', async () => {
    const doc = documentWithConstructedSheets();
    injectStyles('salon-c', '.salon-c{}', doc);
    await jest.isolateModulesAsync(async () => {
      const copy = await import('./styles');
      copy.injectStyles('salon-c', '.salon-c{}', doc);
      copy.injectStyles('salon-d', '.salon-d{}', doc);
    });
    expect(adopted(doc)).toEqual(['.salon-c{}', '.salon-d{}']);
  });

  test('falls back to one <style id> where constructed stylesheets do not exist (jsdom)', () => {
    const doc = document.implementation.createHTMLDocument('page');
    injectStyles('salon-e', '.salon-e{}', doc);
    injectStyles('salon-e', '.salon-e{}', doc);
    expect(Array.from(doc.querySelectorAll('style'), (s) => [s.id, s.textContent])).toEqual([['salon-e', '.salon-e{}']]);
    expect(constructStyleSheet('.x{}', doc)).toBeNull();
  });
});
