import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { msg } from '@lingui/core/macro';
import type { PageDataInput } from '@salon/shared';
import type { ImportKind } from '@salon/shared/contracts/imports';
import { administratorPageData, promoterPageData, withLocale } from '@salon/shared/test/fixtures';
import { AdminImports } from '../widgets/admin-imports/AdminImports';
import { cleanPreview, previewWithSkips, report, running, videoLinksPreview } from '../widgets/admin-imports/fixtures';
import { IMPORT_MAX_MB, resetImport, setImportState, type ImportState } from '../widgets/admin-imports/store';
import type { SalonParameters } from '../.storybook/preview';

type States = Partial<Record<ImportKind, ImportState>>;

const english = administratorPageData();
const french = withLocale(administratorPageData(), 'fr_FR');

const parameters = (imports: States, pageData: PageDataInput = english): { salon: SalonParameters; imports: States } => ({
  salon: { widgets: ['admin-imports'], pageData },
  imports,
});

/**
 * `/admin/imports` (issue 13, spec §5 "Uploads"): the users and video-links CSV imports, each through its states —
 * a file picker, the preview (counts, lines without email or link, invalid lines; nothing written yet), the progress
 * of a running import, the report naming the skipped lines (a users report offers the accounts' sign-in links), and
 * the server's refusal of a file.
 */
const meta = {
  title: 'Back office/CSV imports',
  component: AdminImports,
  loaders: [
    async ({ parameters: p }) => {
      resetImport('users');
      resetImport('visio_links');
      for (const [kind, state] of Object.entries((p.imports ?? {}) as States)) setImportState(kind as ImportKind, state);
      return {};
    },
  ],
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

/** Nothing chosen yet: what each file must hold, and its file picker. */
export const Idle: Story = {};

/** A clean users file: the counts, and Import. */
export const Preview: Story = { parameters: parameters({ users: { phase: 'preview', data: cleanPreview() }, visio_links: { phase: 'preview', data: videoLinksPreview() } }) };

/** Two lines without email and two invalid lines: listed, and the button says they are skipped. */
export const PreviewWithLinesToSkip: Story = { parameters: parameters({ users: { phase: 'preview', data: previewWithSkips() } }) };

/** The file is being sent and read. */
export const Sending: Story = { parameters: parameters({ users: { phase: 'sending', fileName: 'visiteurs.csv' } }) };

/** The server refused the file (wrong header); another file can be chosen. */
export const ErrorFileRefused: Story = {
  parameters: parameters({
    users: { phase: 'error', message: 'The header (line 1) must contain the columns email, firstname, lastname; missing: email' },
    visio_links: { phase: 'error', message: msg`The file is too heavy, maximum ${IMPORT_MAX_MB} MB` },
  }),
};

/** A 10,000-line file running: the progress bar. */
export const Running: Story = { parameters: parameters({ users: { phase: 'running', data: running() } }) };

/** Done: created, updated, unchanged, skipped, the skipped lines with why, and the imported accounts' sign-in links to download (CSV). */
export const Report: Story = { parameters: parameters({ users: { phase: 'report', data: report() } }) };

/** A run interrupted on the server: why, and what was done before. */
export const Failed: Story = { parameters: parameters({ users: { phase: 'report', data: { ...report(), status: 'failed', error: 'The import was interrupted (the server stopped): send the same file again to finish it; the lines already imported will be unchanged' } } }) };

/** An organiser (promoter) has the same page. */
export const AsPromoter: Story = { parameters: parameters({}, promoterPageData()) };

export const IdleFrench: Story = { parameters: parameters({}, french) };
export const PreviewFrench: Story = { parameters: parameters({ users: { phase: 'preview', data: cleanPreview() }, visio_links: { phase: 'preview', data: videoLinksPreview() } }, french) };
export const PreviewWithLinesToSkipFrench: Story = { parameters: parameters({ users: { phase: 'preview', data: previewWithSkips('fr') } }, french) };
export const SendingFrench: Story = { parameters: parameters({ users: { phase: 'sending', fileName: 'visiteurs.csv' } }, french) };
export const ErrorFileRefusedFrench: Story = {
  parameters: parameters(
    {
      users: { phase: 'error', message: 'L’en-tête (ligne 1) doit contenir les colonnes email, firstname, lastname ; il manque : email' },
      visio_links: { phase: 'error', message: msg`The file is too heavy, maximum ${IMPORT_MAX_MB} MB` },
    },
    french,
  ),
};
export const RunningFrench: Story = { parameters: parameters({ users: { phase: 'running', data: running() } }, french) };
export const ReportFrench: Story = { parameters: parameters({ users: { phase: 'report', data: report('fr') } }, french) };
export const FailedFrench: Story = {
  parameters: parameters(
    { users: { phase: 'report', data: { ...report('fr'), status: 'failed', error: 'L’import a été interrompu (arrêt du serveur) : envoyez à nouveau le même fichier pour le terminer, les lignes déjà importées resteront inchangées' } } },
    french,
  ),
};
