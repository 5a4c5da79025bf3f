import { describe, expect, test } from '@jest/globals';
import { normalizePageData, parsePageData } from './parse';
import { visitorPageData } from '@salon/shared/test/fixtures';

describe('parsePageData()', () => {
  test('a missing element gives anonymous defaults and says why', () => {
    const { data, problem } = parsePageData(null);
    expect(problem).toMatch(/missing/);
    expect(data.user.anonymous).toBe(true);
    expect(data.user.profileRoute).toBeNull();
    expect(data.locale.multilingual).toBe(false);
  });

  test('invalid JSON gives anonymous defaults and says why', () => {
    const { data, problem } = parsePageData('{"user": ');
    expect(problem).toMatch(/not valid JSON/);
    expect(data.user.anonymous).toBe(true);
  });

  test.each(['[]', '"text"', 'null', '42'])('JSON that is not an object (%s) gives defaults', (text) => {
    const { data, problem } = parsePageData(text);
    expect(problem).toMatch(/not an object/);
    expect(data.user.anonymous).toBe(true);
  });

  test('valid data is kept', () => {
    const { data, problem } = parsePageData(JSON.stringify(visitorPageData()));
    expect(problem).toBeNull();
    expect(data.user.fullname).toBe('Camille Martin');
    expect(data.user.anonymous).toBe(false);
    expect(data.parameters.room_name_en).toBe('Innovation Fair');
    expect(data.locale).toEqual({
      locale: 'en_EN',
      multilingual: true,
      langs: [
        { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
        { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
      ],
    });
  });

  test('fields the server left out get defaults, section by section; unknown fields stay', () => {
    const data = normalizePageData({ user: { fullname: 'Ana' }, parameters: { room_name: 'Salon X' }, extra_field: 1 });
    expect(data.user.fullname).toBe('Ana');
    expect(data.user.anonymous).toBe(true);
    expect(data.parameters.room_name).toBe('Salon X');
    expect(data.parameters.styles.sidebar).toEqual({ opacity: 100, blur: 0 });
    expect(data.features).toEqual({});
    expect((data as unknown as Record<string, unknown>).extra_field).toBe(1);
  });

  test('feedback_delay: a finite number or a numeric string; anything else is the spec’s 1200 s, never 0', () => {
    for (const given of [null, '', '  ', 'soon', true, false, {}, [], undefined]) {
      const data = normalizePageData({ feedback_delay: given, parameters: { feedback_delay: given } } as never);
      expect([given, data.feedback_delay, data.parameters.feedback_delay]).toEqual([given, 1200, 1200]);
    }
    for (const [given, seconds] of [
      [30, 30],
      ['45', 45],
      [' 60 ', 60],
      ['0', 0],
      [0, 0],
      [-5, -5],
      ['2.5', 2.5],
    ] as const) {
      const data = normalizePageData({ feedback_delay: given, parameters: { feedback_delay: given } } as never);
      expect([given, data.feedback_delay, data.parameters.feedback_delay]).toEqual([given, seconds, seconds]);
    }
    expect(parsePageData('{"feedback_delay": null}').data.feedback_delay).toBe(1200);
    expect(normalizePageData({}).feedback_delay).toBe(1200);
  });

  test('a locale the app does not know falls back to the browser; one language means no switcher', () => {
    expect(normalizePageData({ locale: { locale: 'de_DE', langs: [], multilingual: true } }).locale.locale).toBe('en_EN');
    const single = normalizePageData({
      locale: { locale: 'fr_FR', langs: [{ name: 'Français', prefix_all: 'fr_FR', flag: 'fr' }], multilingual: true },
    });
    expect(single.locale.locale).toBe('fr_FR');
    expect(single.locale.multilingual).toBe(false);
  });
});
