import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Lead, LeadConsent } from '@salon/shared/contracts/leads';
import { CONSENTS, FORM_CONSENTS, consentWording, type ConsentKey, type ConsentRecord } from '@salon/shared/contracts/consents';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type LeadKind, type LeadsTable, type StandRow } from '../db/schema';
import type { Insertable } from 'kysely';
import { encodeId } from '../lib/ids';
import { pick } from '../lib/locale';

/** The leads of the visitor's forms: written by the form routes, read by the stands' exhibitors and the organisers. */

export type NewLead = Omit<Insertable<LeadsTable>, 'consents' | 'created_at' | 'wording_locale'>;

/**
 * The consents of a form as stored: each box of the form (`FORM_CONSENTS`) with the wording of `locale` and its
 * version, ticked or not. `skip` leaves out boxes that were not shown (the stand's marketing opt-in when it is off).
 */
export function consentsOf(
  kind: LeadKind,
  ticked: Readonly<Record<string, boolean>>,
  locale: LocaleCode,
  skip: readonly ConsentKey[] = [],
): ConsentRecord[] {
  const out: ConsentRecord[] = [];
  for (const [field, key] of Object.entries(FORM_CONSENTS[kind]) as [string, ConsentKey][]) {
    if (skip.includes(key)) continue;
    out.push({ key, version: CONSENTS[key].version, given: ticked[field] === true, wording: consentWording(key, locale) });
  }
  return out;
}

/** Stores a lead; `onConflict: 'contest'` makes a second entry of the same user in the same contest a no-op (null). */
export async function insertLead(
  db: Kysely<Database>,
  lead: NewLead,
  consents: ConsentRecord[],
  locale: LocaleCode,
): Promise<number | null> {
  const row = await db
    .insertInto('leads')
    .values({ ...lead, consents: JSON.stringify(consents), wording_locale: locale, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['contest_name', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A lead as listed: its columns, with its stand's names and slug and its company's name (null without one). */
export type LeadListRow = Awaited<ReturnType<typeof listLeads>>[number];

/** Leads, newest first: of one stand, or all of them (optionally of one kind). */
export async function listLeads(db: Kysely<Database>, filter: { standId?: number; kind?: LeadKind; limit?: number } = {}) {
  let query = db
    .selectFrom('leads')
    .leftJoin('stands', 'stands.id', 'leads.stand_id')
    .leftJoin('companies', 'companies.id', 'leads.company_id')
    .selectAll('leads')
    .select([
      'stands.name as stand_name',
      'stands.name_en as stand_name_en',
      'stands.panorama_slug as stand_slug',
      'companies.name as company_name',
    ])
    .orderBy('leads.id', 'desc');
  if (filter.standId !== undefined) query = query.where('leads.stand_id', '=', filter.standId);
  if (filter.kind !== undefined) query = query.where('leads.kind', '=', filter.kind);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = await query.execute();
  // pg returns double precision as a number; both drivers agree.
  return rows.map((row) => ({ ...row, score: row.score === null ? null : Number(row.score) }));
}

/** Every stand with its number of leads, in stand order. */
export async function leadCountsByStand(db: Kysely<Database>): Promise<{ stand: StandRow; count: number }[]> {
  const [stands, counts] = await Promise.all([
    db.selectFrom('stands').selectAll().orderBy('id').execute(),
    db
      .selectFrom('leads')
      .select(['stand_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('stand_id', 'is not', null)
      .groupBy('stand_id')
      .execute(),
  ]);
  // pg returns counts as strings.
  const byStand = new Map(counts.map((c) => [c.stand_id, Number(c.n)]));
  return stands.map((stand) => ({ stand, count: byStand.get(stand.id) ?? 0 }));
}

export function parseConsents(text: string): LeadConsent[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as LeadConsent[]) : [];
  } catch {
    return [];
  }
}

const standNameOf = (row: LeadListRow, locale: LocaleCode): string | null =>
  row.stand_name === null ? null : pick(locale, row.stand_name, row.stand_name_en ?? row.stand_name);

export function toLead(row: LeadListRow, locale: LocaleCode): Lead {
  const id = (n: number | null) => (n === null ? null : encodeId(n));
  return {
    id_lead: encodeId(row.id),
    kind: row.kind,
    stand_id: id(row.stand_id),
    stand_name: standNameOf(row, locale),
    company_id: id(row.company_id),
    company_name: row.company_name,
    user_id: id(row.user_id),
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    postal_code: row.postal_code,
    city: row.city,
    birthdate: row.birthdate,
    subject: row.subject,
    code_apporteur: row.code_apporteur,
    comments: row.comments,
    contest_name: row.contest_name,
    score: row.score,
    consents: parseConsents(row.consents),
    wording_locale: row.wording_locale,
    created_at: row.created_at,
  };
}

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Characters that make a spreadsheet read a cell as a formula (or a command in older ones). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheet formula injection: a cell that starts like a formula gets a leading apostrophe, read as text. */
export const neutralise = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * A CSV for a spreadsheet: UTF-8 with a BOM (Excel then reads accents right), CRLF, a header row of `columns`, every
 * value neutralised (null: empty) and quoted: a spreadsheet that splits on `;` (Excel in French) would otherwise
 * start a cell after a `;` inside a value (`x;=cmd|…`), past the reach of `neutralise`.
 */
export function spreadsheetCsv<K extends string>(
  columns: readonly K[],
  rows: readonly Partial<Record<K, string | number | null>>[],
): string {
  const records = rows.map((row) =>
    Object.fromEntries(columns.map((c) => [c, neutralise(row[c] === null || row[c] === undefined ? '' : String(row[c]))])),
  );
  return stringify(records, {
    header: true,
    columns: columns.map((key) => ({ key, header: key })),
    bom: true,
    record_delimiter: 'windows',
    quoted: true,
  });
}

const CONSENT_ORDER: readonly ConsentKey[] = ['data_sharing', 'opt_in', 'contest_rules', 'privacy', 'meeting_sharing', 'marketing'];

const FIELD_COLUMNS = [
  'id',
  'kind',
  'created_at',
  'stand',
  'company',
  'contest',
  'firstname',
  'lastname',
  'email',
  'phone',
  'postal_code',
  'city',
  'birthdate',
  'subject',
  'code_apporteur',
  'comments',
  'score',
  'wording_locale',
] as const;

/** The header row: the fields, then per consent whether it was given, its wording and its version. */
export const CSV_COLUMNS: readonly string[] = [
  ...FIELD_COLUMNS,
  ...CONSENT_ORDER.flatMap((key) => [`consent_${key}`, `consent_${key}_wording`, `consent_${key}_version`]),
];

/**
 * The leads as CSV for a spreadsheet (`spreadsheetCsv`): timestamps in ISO 8601 UTC; a consent the form did not show
 * is empty, else yes/no.
 */
export function leadsCsv(rows: readonly LeadListRow[], locale: LocaleCode): string {
  const records = rows.map((row) => {
    const consents = new Map(parseConsents(row.consents).map((c) => [c.key, c]));
    // The lead's own columns keep their names (spreadsheetCsv keeps those of CSV_COLUMNS); the others are named here.
    const record: Record<string, string | number | null> = {
      ...row,
      id: encodeId(row.id),
      stand: standNameOf(row, locale) ?? '',
      company: row.company_name,
      contest: row.contest_name,
    };
    for (const key of CONSENT_ORDER) {
      const consent = consents.get(key);
      record[`consent_${key}`] = consent ? (consent.given ? 'yes' : 'no') : '';
      record[`consent_${key}_wording`] = consent?.wording ?? '';
      record[`consent_${key}_version`] = consent ? String(consent.version) : '';
    }
    return record;
  });
  return spreadsheetCsv(CSV_COLUMNS, records);
}

/** `leads-<what>-<YYYY-MM-DD>.csv`, ASCII only. */
export function csvFilename(what: string, at = new Date()): string {
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'salon';
  return `leads-${safe}-${at.toISOString().slice(0, 10)}.csv`;
}
