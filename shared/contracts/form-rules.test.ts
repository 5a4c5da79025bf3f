import { describe, expect, it } from '@jest/globals';
import { CONSENTS, FORM_CONSENTS, consentWording } from './consents';
import {
  CONTEST_SCORE_MAX,
  CONTEST_SCORE_MIN,
  NPS_COOKIE_MAX_AGE_SECONDS,
  OPINION_COMMENT_MAX,
  OPINION_SCORE_MAX,
  OPINION_SCORE_MIN,
  checkForm,
  contestParticipationRules,
  isCalendarDate,
  latestToday,
  contestRules,
  offerFormRules,
  opinionColour,
  opinionRules,
  promoterContactRules,
  readForm,
  standContactRules,
} from './form-rules';
import { STAND_CONTACT } from '@salon/shared/test/fixtures';

const contact = STAND_CONTACT;

describe('stand contact request (spec §5)', () => {
  it('accepts a complete form, with or without the marketing box', () => {
    expect(checkForm(standContactRules, contact)).toEqual({});
    expect(checkForm(standContactRules, { ...contact, optin_marketing: '1' })).toEqual({});
  });

  it('requires every field and the data-sharing consent', () => {
    expect(checkForm(standContactRules, {})).toEqual({
      firstname: 'required',
      lastname: 'required',
      email: 'required',
      phone: 'required',
      postal_code: 'required',
      city: 'required',
      data_sharing: 'consent',
    });
  });

  it('treats blanks as missing', () => {
    expect(checkForm(standContactRules, { ...contact, city: '   ' })).toEqual({ city: 'required' });
  });

  it('checks the email, phone and postal code formats', () => {
    expect(checkForm(standContactRules, { ...contact, email: 'lea-at-example', phone: 'call me', postal_code: '69OO3' })).toEqual({
      email: 'email',
      phone: 'phone',
      postal_code: 'numeric',
    });
  });

  it('accepts French and international numbers', () => {
    for (const phone of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '+33612345678', '+33 (0)6 12 34 56 78', '+1 415-555-0100'])
      expect(checkForm(standContactRules, { ...contact, phone })).toEqual({});
    for (const phone of ['12', '06-12--34', 'abc', '+33 6 12 34 56 78 90 12 34 56'])
      expect(checkForm(standContactRules, { ...contact, phone }).phone).toBe('phone');
  });

  it('reads boxes from JSON and form data', () => {
    for (const ticked of [true, '1', 'on', 'true']) expect(checkForm(standContactRules, { ...contact, data_sharing: ticked })).toEqual({});
    for (const unticked of [false, '0', '', 'false', undefined])
      expect(checkForm(standContactRules, { ...contact, data_sharing: unticked })).toEqual({ data_sharing: 'consent' });
  });

  it('refuses overlong values', () => {
    expect(checkForm(standContactRules, { ...contact, city: 'x'.repeat(101) })).toEqual({ city: 'tooLong' });
  });

  it('cleans the values', () => {
    expect(readForm(standContactRules, { ...contact, firstname: '  Léa ', optin_marketing: 'on' })).toEqual({
      ...contact,
      data_sharing: true,
      optin_marketing: true,
    });
  });
});

describe('offer form (spec §5)', () => {
  const offer = { firstname: 'Léa', lastname: 'Moreau', birthdate: '1990-05-17', phone: '0612345678', opt_in: true };

  it('needs names, birthdate, phone and the opt-in; the email is optional', () => {
    expect(checkForm(offerFormRules, offer)).toEqual({});
    expect(checkForm(offerFormRules, {})).toEqual({
      firstname: 'required',
      lastname: 'required',
      birthdate: 'required',
      phone: 'required',
      opt_in: 'consent',
    });
  });

  it('checks the email only when given, and the birthdate format', () => {
    expect(checkForm(offerFormRules, { ...offer, email: 'nope' })).toEqual({ email: 'email' });
    expect(checkForm(offerFormRules, { ...offer, email: 'lea@example.org', comments: 'Call me after 6' })).toEqual({});
    expect(checkForm(offerFormRules, { ...offer, birthdate: '17/05/1990' })).toEqual({ birthdate: 'date' });
  });

  it('wants a birthdate that exists in the calendar', () => {
    for (const birthdate of ['2024-02-31', '2023-02-29', '1990-04-31', '1900-02-29', '0050-02-30']) {
      expect([birthdate, checkForm(offerFormRules, { ...offer, birthdate })]).toEqual([birthdate, { birthdate: 'noSuchDate' }]);
    }
    for (const birthdate of ['2024-02-29', '2000-02-29', '1990-12-31', '0050-01-01'])
      expect(checkForm(offerFormRules, { ...offer, birthdate })).toEqual({});
    expect(['2024-02-31', '2024-13-01', '24-02-01', '2024-2-1'].map(isCalendarDate)).toEqual([false, false, false, false]);
  });

  it('refuses a birthdate after today, today being the latest date on Earth (UTC+14), so browser and server agree', () => {
    const today = '2026-03-10';
    expect(checkForm(offerFormRules, { ...offer, birthdate: today }, { today })).toEqual({});
    expect(checkForm(offerFormRules, { ...offer, birthdate: '2026-03-11' }, { today })).toEqual({ birthdate: 'futureDate' });
    expect(checkForm(offerFormRules, { ...offer, birthdate: '2990-01-01' })).toEqual({ birthdate: 'futureDate' });
    // 11:00 UTC on 10 March is already 11 March in Kiribati (UTC+14).
    expect(latestToday(Date.UTC(2026, 2, 10, 9, 59))).toBe('2026-03-10');
    expect(latestToday(Date.UTC(2026, 2, 10, 10, 0))).toBe('2026-03-11');
  });
});

describe('contest form (spec §5)', () => {
  const entry = { firstname: 'Léa', lastname: 'Moreau', email: 'lea@example.org', mobile: '0612345678', contest_rules: '1', data: '1' };

  it('needs the rules and the privacy boxes, each with its own code', () => {
    expect(checkForm(contestRules, entry)).toEqual({});
    expect(checkForm(contestRules, { ...entry, contest_rules: '', data: undefined })).toEqual({
      contest_rules: 'contest_rules',
      data: 'privacy',
    });
    expect(checkForm(contestRules, {})).toMatchObject({
      firstname: 'required',
      lastname: 'required',
      email: 'required',
      mobile: 'required',
    });
  });

  it('wants a number for the score', () => {
    expect(checkForm(contestRules, { ...entry, score: 4 })).toEqual({});
    expect(checkForm(contestRules, { ...entry, score: '4' })).toEqual({});
    expect(checkForm(contestRules, { ...entry, score: 'four' })).toEqual({ score: 'score' });
    expect(readForm(contestRules, { ...entry, score: '4' }).score).toBe(4);
    expect(checkForm(contestParticipationRules, {})).toEqual({ score: 'required' });
    expect(checkForm(contestParticipationRules, { score: [3] })).toEqual({ score: 'score' });
  });

  it("takes a whole score from 0 to 5 (the quiz's 5 questions), as a number or its text", () => {
    expect([CONTEST_SCORE_MIN, CONTEST_SCORE_MAX]).toEqual([0, 5]);
    for (const rules of [contestRules, contestParticipationRules]) {
      for (const score of [0, 5, '3', ' 2 ', 3.0]) expect(checkForm(rules, { ...entry, score })).toEqual({});
      for (const score of [2.5, '2.5', -1, '-5', -1e9, 6, 1e308, Number.MAX_SAFE_INTEGER]) {
        expect([score, checkForm(rules, { ...entry, score })]).toEqual([score, { score: 'contestScore' }]);
      }
      for (const score of ['1e308', 'NaN', Infinity, true]) expect(checkForm(rules, { ...entry, score })).toEqual({ score: 'score' });
    }
  });
});

describe('text fields: no control or direction-override characters', () => {
  it('refuses them in names, allows line breaks only where the field spans lines, and reads texts as NFC', () => {
    const contact = { ...STAND_CONTACT, phone: '0612345678' };
    expect(checkForm(standContactRules, { ...contact, firstname: 'L\u202Eaé', city: 'Ly\u0000on' })).toEqual({
      firstname: 'characters',
      city: 'characters',
    });
    expect(checkForm(standContactRules, { ...contact, lastname: 'Mo\nreau' })).toEqual({ lastname: 'characters' });
    expect(checkForm(promoterContactRules, { subject: 'question', message: 'Line one\nLine two\tend' }, { authenticated: true })).toEqual(
      {},
    );
    expect(checkForm(promoterContactRules, { subject: 'question', message: 'Hi\u202E' }, { authenticated: true })).toEqual({
      message: 'characters',
    });
    expect(readForm(standContactRules, { ...contact, firstname: ' Le\u0301a ' }).firstname).toBe('L\u00e9a');
  });
});

describe('promoter contact form (spec §5)', () => {
  it('needs the email only when not authenticated', () => {
    expect(checkForm(promoterContactRules, { subject: 'question', message: 'Hi' })).toEqual({ email: 'required' });
    expect(checkForm(promoterContactRules, { subject: 'question', message: 'Hi' }, { authenticated: true })).toEqual({});
    expect(checkForm(promoterContactRules, { email: 'nope', subject: 'spam', message: '' }, { authenticated: true })).toEqual({
      email: 'email',
      subject: 'choice',
      message: 'required',
    });
  });
});

describe('opinion (spec §5, §9)', () => {
  it('runs 0 to 10, whole numbers, comment up to 140 characters', () => {
    expect([OPINION_SCORE_MIN, OPINION_SCORE_MAX, OPINION_COMMENT_MAX]).toEqual([0, 10, 140]);
    expect(checkForm(opinionRules, { score: 0 })).toEqual({});
    expect(checkForm(opinionRules, { score: 10, comment: 'x'.repeat(140) })).toEqual({});
    expect(checkForm(opinionRules, { score: 11, comment: 'x'.repeat(141) })).toEqual({ score: 'range', comment: 'tooLong' });
    expect(checkForm(opinionRules, { score: -1 })).toEqual({ score: 'range' });
    expect(checkForm(opinionRules, { score: 7.5 })).toEqual({ score: 'range' });
    expect(checkForm(opinionRules, {})).toEqual({ score: 'required' });
  });

  it('colours the score red up to 4, orange up to 7, green above', () => {
    expect([0, 4, 5, 7, 8, 10].map(opinionColour)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });

  it('keeps the nps cookie a year', () => {
    expect(NPS_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
  });
});

describe('consents', () => {
  it('has a versioned wording in both languages for every box of every form', () => {
    for (const boxes of Object.values(FORM_CONSENTS))
      for (const key of Object.values(boxes)) {
        expect(CONSENTS[key].key).toBe(key);
        expect(CONSENTS[key].version).toBeGreaterThanOrEqual(1);
        expect(consentWording(key, 'fr_FR')).not.toBe(consentWording(key, 'en_EN'));
      }
    expect(consentWording('contest_rules', 'fr_FR')).toBe("J'ai lu et j'accepte le règlement du jeu concours.");
  });
});
