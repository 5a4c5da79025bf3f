import type { ImportData, ImportPreview, LineIssue } from '@salon/shared/contracts/imports';

/*
 * Imports as the server answers them (`GET /api/imports/{id}`), for the tests and the stories. The reasons are the
 * server's, in the person's language.
 */

type Lang = 'en' | 'fr';

const REASONS: Record<Lang, Record<'missing' | 'email' | 'duplicate', string>> = {
  en: { missing: 'no email', email: 'invalid email: jean.dupont@', duplicate: 'already on line 2' },
  fr: { missing: 'pas d’e-mail', email: 'e-mail invalide : jean.dupont@', duplicate: 'déjà à la ligne 2' },
};

const invalidLines = (lang: Lang): LineIssue[] => [
  { line: 5, code: 'email_invalid', reason: REASONS[lang].email },
  { line: 9, code: 'duplicate', reason: REASONS[lang].duplicate },
];

/** A preview's encoding and sample: UTF-8 and the first lines of a users file. */
const READ: Pick<ImportPreview, 'encoding' | 'sample'> = {
  encoding: 'utf-8',
  sample: {
    columns: ['email', 'firstname', 'lastname'],
    rows: [
      { line: 2, values: ['lea.martin@example.org', 'Léa', 'Martin'] },
      { line: 3, values: ['', 'Jean', 'Dupont'] },
    ],
  },
};

const base = (overrides: Partial<ImportData>): ImportData => ({
  id: 'imp123',
  kind: 'users',
  file_name: 'visiteurs.csv',
  status: 'preview',
  preview: { ...READ, lines: 12, create: 7, update: 2, unchanged: 1, missing: [], invalid: [], invalid_count: 0, ignored_columns: [] },
  progress: { processed: 0, total: 10 },
  report: null,
  error: null,
  expires_at: '2026-11-25T18:00:00.000Z',
  ...overrides,
});

/** A clean preview: nothing to skip. */
export const cleanPreview = (): ImportData =>
  base({
    preview: { ...READ, lines: 10, create: 7, update: 2, unchanged: 1, missing: [], invalid: [], invalid_count: 0, ignored_columns: [] },
  });

/** Two lines without email (3 and 7), two invalid lines, a column the import does not read. */
export const previewWithSkips = (lang: Lang = 'en'): ImportData =>
  base({
    preview: {
      ...READ,
      lines: 12,
      create: 6,
      update: 1,
      unchanged: 1,
      missing: [3, 7],
      invalid: invalidLines(lang),
      invalid_count: 2,
      ignored_columns: ['company'],
    },
    progress: { processed: 0, total: 8 },
  });

export const videoLinksPreview = (): ImportData =>
  base({
    id: 'vis456',
    kind: 'visio_links',
    file_name: 'visio.csv',
    preview: { ...READ, lines: 3, create: 0, update: 2, unchanged: 0, missing: [4], invalid: [], invalid_count: 0, ignored_columns: [] },
    progress: { processed: 0, total: 2 },
  });

export const running = (processed = 4500, total = 10_000): ImportData =>
  base({
    file_name: 'salon-10000.csv',
    status: 'running',
    preview: {
      ...READ,
      lines: total,
      create: total,
      update: 0,
      unchanged: 0,
      missing: [],
      invalid: [],
      invalid_count: 0,
      ignored_columns: [],
    },
    progress: { processed, total },
  });

export const report = (lang: Lang = 'en'): ImportData => {
  const preview = previewWithSkips(lang);
  return {
    ...preview,
    status: 'done',
    progress: { processed: 8, total: 8 },
    report: {
      created: 6,
      updated: 1,
      unchanged: 1,
      skipped: [
        { line: 3, code: 'missing', reason: REASONS[lang].missing },
        invalidLines(lang)[0]!,
        { line: 7, code: 'missing', reason: REASONS[lang].missing },
        invalidLines(lang)[1]!,
      ],
      skipped_count: 4,
    },
  };
};

/** French Excel's "CSV (séparateur : point-virgule)": read as Windows-1252, its accented names shown to check. */
export const excelPreview = (): ImportData =>
  base({
    file_name: 'inscrits-excel.csv',
    preview: {
      lines: 2,
      create: 2,
      update: 0,
      unchanged: 0,
      missing: [],
      invalid: [],
      invalid_count: 0,
      ignored_columns: [],
      encoding: 'windows-1252',
      sample: {
        columns: ['email', 'firstname', 'lastname'],
        rows: [
          { line: 2, values: ['helene.lefevre@example.org', 'Hélène', 'Lefèvre'] },
          { line: 3, values: ['francois.noel@example.org', 'François', 'Noël'] },
        ],
      },
    },
    progress: { processed: 0, total: 2 },
  });
