import { describe, expect, test } from '@jest/globals';
import { detectBrowserLocale, fromLinguiLocale, pickLocalized, toLinguiLocale } from './locales';

describe('locales', () => {
  test.each([
    [['fr-FR', 'en'], 'fr_FR'],
    [['fr'], 'fr_FR'],
    [['FR-ca'], 'fr_FR'],
    [['en-GB', 'fr'], 'en_EN'],
    [['de-DE', 'fr-FR'], 'fr_FR'],
    [['de-DE', 'es'], 'en_EN'],
    [[], 'en_EN'],
    [undefined, 'en_EN'],
  ] as const)('browser languages %p give %s', (languages, expected) => {
    expect(detectBrowserLocale(languages)).toBe(expected);
  });

  test('maps en_EN ↔ en and fr_FR ↔ fr, English for anything else', () => {
    expect(toLinguiLocale('en_EN')).toBe('en');
    expect(toLinguiLocale('fr_FR')).toBe('fr');
    expect(fromLinguiLocale('fr')).toBe('fr_FR');
    expect(fromLinguiLocale('en')).toBe('en_EN');
    expect(fromLinguiLocale('cs')).toBe('en_EN');
  });

  test('bilingual content: English only for en_EN, French otherwise, French when English is empty', () => {
    expect(pickLocalized('en_EN', 'Salon', 'Fair')).toBe('Fair');
    expect(pickLocalized('fr_FR', 'Salon', 'Fair')).toBe('Salon');
    expect(pickLocalized('en_EN', 'Salon', '')).toBe('Salon');
    expect(pickLocalized('en_EN', 'Salon', null)).toBe('Salon');
  });
});
