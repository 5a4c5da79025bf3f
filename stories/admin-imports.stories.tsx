import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import type { PageDataInput } from '@salon/shared';
import type { ImportData, ImportKind } from '@salon/shared/contracts/imports';
import { administratorPageData, promoterPageData, withLocale } from '@salon/shared/test/fixtures';
import { AdminImports } from '../widgets/admin-imports/AdminImports';
import { cleanPreview, excelPreview, previewWithSkips, report, running, videoLinksPreview } from '../widgets/admin-imports/fixtures';
import { IMPORT_MAX_MB, resetImport } from '../widgets/admin-imports/store';
import { neverAnswered } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { logsOnPurpose } from './decorators';

type Locale = 'en' | 'fr';

/**
 * What a kind's import does in a story: the file the organiser chooses (a CSV, or one over the size limit), what the
 * server answers it (a preview, a refusal with its message, or nothing yet), and, when the story presses the
 * preview's button, what the confirmation and then the progress polls answer (nothing yet: still running).
 */
interface ImportAct {
  file?: 'csv' | 'too heavy';
  preview?: ImportData | 'pending' | { refused: string };
  run?: { confirm: ImportData; poll?: ImportData | 'pending' };
}
type Acts = Partial<Record<ImportKind, ImportAct>>;

let acts: Acts = {};
/** Whether a story of this file is shown: the stories of other files, shown after them in the same page, pass on. */
let shown = false;
// The fake API of .storybook/api-mock.ts knows nothing of the imports: answer them here, pass the rest on.
const passOn = globalThis.fetch.bind(globalThis);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  // The address only: a Request made of `input` would take its body, and the next fetch could not read it.
  const { pathname } = new URL(input instanceof Request ? input.url : String(input), globalThis.location.href);
  const kind: ImportKind | null =
    pathname === '/api/users/import' ? 'users' : pathname === '/api/visio-links/import' ? 'visio_links' : null;
  const run = /^\/api\/imports\/([^/]+)(\/confirm)?$/.exec(pathname);
  if (!shown || (!kind && !run)) return passOn(input, init);
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (kind) {
    const preview = acts[kind]?.preview;
    if (preview === 'pending' || preview === undefined) return neverAnswered();
    return 'refused' in preview ? json({ data: { error: true, message: preview.refused } }, 400) : json({ data: preview });
  }
  const act = Object.values(acts).find((a) => a.preview && typeof a.preview === 'object' && 'id' in a.preview && a.preview.id === run![1]);
  const answer = run![2] ? act?.run?.confirm : act?.run?.poll;
  return answer === undefined || answer === 'pending' ? neverAnswered() : json({ data: answer });
};

const english = administratorPageData();
const french = withLocale(administratorPageData(), 'fr_FR');

const TEXTS = {
  en: {
    users: 'CSV file of users',
    visio_links: 'CSV file of video links',
    import: /^(Import|Skip \d+ lines? and import)$/,
    progress: 'Import progress',
    finished: 'The import is finished.',
  },
  fr: {
    users: 'Fichier CSV des utilisateurs',
    visio_links: 'Fichier CSV des liens visio',
    import: /^(Importer|Ignorer \d+ lignes? et importer)$/,
    progress: 'Progression de l’import',
    finished: 'L’import est terminé.',
  },
};

const parameters = (imports: Acts, pageData: PageDataInput = english): { salon: SalonParameters; imports: Acts } => ({
  salon: { widgets: ['admin-imports'], pageData },
  imports,
});

/** Chooses each kind's file, waits for the server's answer, and presses the preview's button where the story runs the import. */
const act = (imports: Acts, locale: Locale = 'en'): Story => ({
  parameters: parameters(imports, locale === 'fr' ? french : english),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const texts = TEXTS[locale];
    for (const [kind, what] of Object.entries(imports) as [ImportKind, ImportAct][]) {
      const panel = within(canvas.getByLabelText(texts[kind]).closest('section')!);
      const heavy = what.file === 'too heavy';
      const name = kind === 'users' ? 'visiteurs.csv' : 'visio.csv';
      const file = new File([heavy ? new Uint8Array(IMPORT_MAX_MB * 1024 * 1024 + 1) : 'email,firstname,lastname\n'], name, {
        type: 'text/csv',
      });
      await userEvent.upload(panel.getByLabelText(texts[kind]), file);
      if (heavy || what.preview === 'pending') continue;
      if (what.preview && 'refused' in what.preview) {
        await expect(await panel.findByText(what.preview.refused)).toBeVisible();
        continue;
      }
      const button = await panel.findByRole('button', { name: texts.import });
      if (!what.run) continue;
      await userEvent.click(button);
      if (what.run.poll === 'pending') await expect(await panel.findByRole('progressbar', { name: texts.progress })).toBeVisible();
      else if (what.run.confirm.error) await expect(await panel.findByText(what.run.confirm.error)).toBeVisible();
      else await expect(await panel.findByText(texts.finished, undefined, { timeout: 3000 })).toBeVisible();
    }
  },
});

/**
 * `/admin/imports` (issue 13, spec §5 "Uploads"): the users and video-links CSV imports, each through its states —
 * a file picker, the preview (counts, lines without email or link, invalid lines; nothing written yet), the progress
 * of a running import, the report naming the skipped lines (a users report offers the accounts' sign-in links), and
 * the server's refusal of a file. Each state is reached by choosing a file and pressing Import, the server stood in
 * for by this file's answers.
 */
const meta = {
  title: 'Back office/CSV imports',
  component: AdminImports,
  loaders: [
    async ({ parameters: p }) => {
      resetImport('users');
      resetImport('visio_links');
      acts = (p.imports ?? {}) as Acts;
      return {};
    },
  ],
  beforeEach: () => {
    shown = true;
    return () => {
      shown = false;
    };
  },
  decorators: [
    (Story) => (
      <main style={{ maxWidth: '60rem', margin: '2rem auto', padding: '0 1.5rem', fontFamily: 'system-ui, sans-serif', lineHeight: 1.5 }}>
        <Story />
      </main>
    ),
  ],
  parameters: parameters({}),
} satisfies Meta<typeof AdminImports>;

export default meta;
type Story = StoryObj<typeof meta>;

const REFUSED = {
  en: 'The header (line 1) must contain the columns email, firstname, lastname; missing: email',
  fr: 'L’en-tête (ligne 1) doit contenir les colonnes email, firstname, lastname ; il manque : email',
};
const FAILED = {
  en: 'The import was interrupted (the server stopped): send the same file again to finish it; the lines already imported will be unchanged',
  fr: 'L’import a été interrompu (arrêt du serveur) : envoyez à nouveau le même fichier pour le terminer, les lignes déjà importées resteront inchangées',
};
const preview = (): Acts => ({ users: { preview: cleanPreview() }, visio_links: { preview: videoLinksPreview() } });
const refused = (locale: Locale): Acts => ({ users: { preview: { refused: REFUSED[locale] } }, visio_links: { file: 'too heavy' } });
const runningAct = (): Acts => ({ users: { preview: { ...running(), status: 'preview' }, run: { confirm: running(), poll: 'pending' } } });
const reported = (locale: Locale): Acts => ({
  users: { preview: previewWithSkips(locale), run: { confirm: { ...report(locale), status: 'running' }, poll: report(locale) } },
});
const failed = (locale: Locale): Acts => ({
  users: { preview: previewWithSkips(locale), run: { confirm: { ...report(locale), status: 'failed', error: FAILED[locale] } } },
});

/** Nothing chosen yet: what each file must hold, and its file picker. */
export const Idle: Story = {};

/** A clean users file: the counts, and Import. */
export const Preview: Story = act(preview());

/** Two lines without email and two invalid lines: listed, and the button says they are skipped. */
export const PreviewWithLinesToSkip: Story = act({ users: { preview: previewWithSkips() } });

/** The file is being sent and read. */
/** A French Excel file (Windows-1252, semicolons): read as such, its first lines shown with their accents. */
export const PreviewExcelFile: Story = act({ users: { preview: excelPreview() } }, 'fr');

export const Sending: Story = act({ users: { preview: 'pending' } });

/** The server refused the users file (wrong header); the video links file is over the size limit. Another file can be chosen. */
export const ErrorFileRefused: Story = act(refused('en'));

/** A 10,000-line file running: the progress bar. */
export const Running: Story = act(runningAct());

/** Done: created, updated, unchanged, skipped, the skipped lines with why, and the imported accounts' sign-in links to download (CSV). */
export const Report: Story = act(reported('en'));

/** A run interrupted on the server: why, and what was done before. */
export const Failed: Story = act(failed('en'));

/** An organiser (promoter) has the same page. */
export const AsPromoter: Story = { parameters: parameters({}, promoterPageData()) };

export const IdleFrench: Story = { parameters: parameters({}, french) };
export const PreviewFrench: Story = act(preview(), 'fr');
export const PreviewWithLinesToSkipFrench: Story = act({ users: { preview: previewWithSkips('fr') } }, 'fr');
export const SendingFrench: Story = act({ users: { preview: 'pending' } }, 'fr');
export const ErrorFileRefusedFrench: Story = act(refused('fr'), 'fr');
export const RunningFrench: Story = act(runningAct(), 'fr');
export const ReportFrench: Story = act(reported('fr'), 'fr');
export const FailedFrench: Story = act(failed('fr'), 'fr');

logsOnPurpose(
  [ErrorFileRefused, ErrorFileRefusedFrench],
  'the story has the server refuse the file; the API client logs the refusal',
  'Response not ok: 400',
);
