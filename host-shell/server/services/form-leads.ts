/**
 * The leads of the visitor's forms (spec §5, §6): who may enter the contest, when a stand's marketing box counts, and
 * what each form stores, with the consents' wording in the form's language.
 */
import type { Kysely } from 'kysely';
import type { ConsentKey } from '@salon/shared/contracts/consents';
import {
  checkForm,
  contestParticipationRules,
  isValid,
  type contestRules,
  type FormValues,
  type offerFormRules,
  type standContactRules,
} from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Database, StandRow, UserRow } from '../db/schema';
import { lastContestScore } from './engagement';
import { consentsOf, insertLead } from './leads';

/** Spec §5/§6: the contest is for visitors with a profile route (registered, not anonymous). */
export const mayEnterContest = (user: UserRow): boolean => user.profile === 'visitor' && user.anonymous === 0;

/**
 * Spec §5: a stand's marketing box is shown when its opt-in is on — the stand's own value, else the global
 * `stands_optin_marketing` — which is the display flag the room frame and the offer popup give the offer form.
 */
export const standMarketingShown = (stand: StandRow, params: { stands_optin_marketing: boolean }): boolean =>
  stand.optin_marketing === null ? params.stands_optin_marketing : stand.optin_marketing === 1;

/** No consent is recorded for a marketing box nobody saw. */
const skipped = (marketingShown: boolean): ConsentKey[] => (marketingShown ? [] : ['marketing']);

/** What a stand's forms send: its contact request, or an offer's contact-info form. */
export type StandForm =
  | { kind: 'contact_request'; value: FormValues<typeof standContactRules> }
  | { kind: 'offer_form'; value: FormValues<typeof offerFormRules> };

/** A stand's form: a lead for the stand's exhibitors. */
export async function recordStandForm(
  db: Kysely<Database>,
  stand: StandRow,
  userId: number,
  form: StandForm,
  marketingShown: boolean,
  locale: LocaleCode,
): Promise<void> {
  // Who asks, and of which stand: the same in both forms.
  const { firstname, lastname, phone } = form.value;
  const of = { stand_id: stand.id, company_id: stand.company_id, user_id: userId, firstname, lastname, phone };
  const skip = skipped(marketingShown);
  if (form.kind === 'contact_request') {
    const { value } = form;
    const lead = {
      kind: form.kind,
      ...of,
      email: value.email,
      postal_code: value.postal_code,
      city: value.city,
    };
    await insertLead(
      db,
      lead,
      consentsOf(form.kind, { data_sharing: value.data_sharing, optin_marketing: marketingShown && value.optin_marketing }, locale, skip),
      locale,
    );
    return;
  }
  const { value } = form;
  const lead = {
    kind: form.kind,
    ...of,
    email: value.email || null,
    birthdate: value.birthdate,
    subject: value.subject || null,
    code_apporteur: value.code_apporteur || null,
    comments: value.comments || null,
  };
  await insertLead(db, lead, consentsOf(form.kind, { opt_in: value.opt_in, optin_marketing: value.optin_marketing }, locale, skip), locale);
}

/**
 * A contest entry, with the form's score, else the user's last game score (one stored before the bounds were checked
 * is not carried). Its id, or null when the user already entered this contest.
 */
export async function recordContestEntry(
  db: Kysely<Database>,
  userId: number,
  contestName: string,
  value: FormValues<typeof contestRules>,
  marketingShown: boolean,
  locale: LocaleCode,
): Promise<number | null> {
  let score = value.score;
  if (score === null) {
    const last = await lastContestScore(db, userId);
    score = last !== null && isValid(checkForm(contestParticipationRules, { score: last })) ? last : null;
  }
  return insertLead(
    db,
    {
      kind: 'contest',
      user_id: userId,
      firstname: value.firstname,
      lastname: value.lastname,
      email: value.email,
      phone: value.mobile,
      contest_name: contestName,
      score,
    },
    consentsOf(
      'contest',
      { contest_rules: value.contest_rules, data: value.data, marketing: value.marketing },
      locale,
      skipped(marketingShown),
    ),
    locale,
  );
}

/** The contests this user entered (spec §5: one entry per contest), as the entries spell them; none for the anonymous. */
export async function contestsEnteredBy(db: Kysely<Database>, user: UserRow): Promise<string[]> {
  if (!mayEnterContest(user)) return [];
  const rows = await db
    .selectFrom('leads')
    .select('contest_name')
    .where('kind', '=', 'contest')
    .where('user_id', '=', user.id)
    .where('contest_name', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.contest_name === null ? [] : [row.contest_name]));
}
