// The room frame reads its compiled catalogs itself (host-shell/room-frame/i18n.ts, `translate`) instead of carrying
// @lingui/core: every message of both catalogs must be a form it reads, and read as Lingui reads it.
import { describe, expect, it } from '@jest/globals';
import { setupI18n, type Messages } from '@lingui/core';
import { TEXTS, translate } from '../../host-shell/room-frame/i18n';
import { messages as enMessages } from '../../host-shell/room-frame/locales/en/messages';
import { messages as frMessages } from '../../host-shell/room-frame/locales/fr/messages';

const CATALOGS: [string, Messages][] = [
  ['en', enMessages],
  ['fr', frMessages],
];

/** A value for each `["name"]` placeholder of a compiled message (other parts are left to `translate` to refuse). */
function valuesFor(message: Messages[string]): Record<string, unknown> {
  const parts = typeof message === 'string' ? [] : message;
  return Object.fromEntries(parts.flatMap((part, index) => (typeof part === 'string' ? [] : [[part[0], `«${part[0]}-${index}»`]])));
}

describe('the room frame’s catalogs', () => {
  it.each(CATALOGS)('%s: every message is read, with its placeholders, exactly as Lingui reads it', (locale, messages) => {
    const lingui = setupI18n({ locale, messages: { [locale]: messages } });
    const ids = Object.keys(messages);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    for (const id of ids) {
      const values = valuesFor(messages[id]!);
      expect(translate(messages, { id, values })).toBe(lingui._({ id, values }));
    }
  });

  it('puts the values of the frame’s own texts in their places, in each language', () => {
    expect(TEXTS.en.quizProgress(2, 5)).toBe('Question 2 of 5');
    expect(TEXTS.fr.quizProgress(2, 5)).toBe('Question 2 sur 5');
    expect(TEXTS.fr.qCompanyOf('Helios')).toBe('Quelle entreprise tient le stand « Helios » ?');
    expect(TEXTS.en.youAreAt('Floor plan')).toBe('You are at: Floor plan');
    expect(TEXTS.fr.viewer.zoomIn).toBe('Zoomer');
  });

  it('leaves a missing value out, as Lingui does', () => {
    const messages: Messages = { a: ['Score: ', ['score'], '.'] };
    expect(translate(messages, { id: 'a' })).toBe('Score: .');
  });

  it('refuses loudly what it does not read: a missing id, a plural, a select, a format, an escape sequence', () => {
    const plural: Messages = { p: [['count', 'plural', { one: ['one stand'], other: ['#', ' stands'] }]] };
    expect(() => translate(plural, { id: 'p', values: { count: 2 } })).toThrow(/part the frame cannot read/);
    const select: Messages = { s: [['kind', 'select', { a: ['A'], other: ['B'] }]] };
    expect(() => translate(select, { id: 's', values: { kind: 'a' } })).toThrow(/part the frame cannot read/);
    const number: Messages = { n: [['n', 'number']] };
    expect(() => translate(number, { id: 'n', values: { n: 3 } })).toThrow(/part the frame cannot read/);
    const escaped: Messages = { e: ['caf\\u00e9'] };
    expect(() => translate(escaped, { id: 'e' })).toThrow(/part the frame cannot read/);
    expect(() => translate(enMessages, { id: 'no-such-id' })).toThrow(/no message "no-such-id"/);
  });
});
