import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { administratorPageData, withLocale } from '@salon/shared/test/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { cleanUpWidgets, showWidget } from '@salon/shared/test/widgets';
import { IMPORT_MAX_MB as SERVER_MAX_MB, type ImportData } from '@salon/shared/contracts/imports';
import { cleanPreview, excelPreview, previewWithSkips, report, running, videoLinksPreview } from './fixtures';
import { IMPORT_MAX_MB, POLL_MS, resetImport, setImportState } from './store';
import { mount } from './mount';

let fetchMock: ReturnType<typeof installFetch>;
let answer: (request: Request) => Response | Promise<Response>;
const calls = () => fetchMock.requests.map((r) => `${r.method} ${r.url.pathname}`);

const csv = (text: string, name = 'visiteurs.csv') => new File([text], name, { type: 'text/csv' });
const usersPanel = () => screen.getByRole('region', { name: 'Users' });
const linksPanel = () => screen.getByRole('region', { name: 'Video links' });

async function open(locale: 'en_EN' | 'fr_FR' = 'en_EN') {
  await showWidget(mount, withLocale(administratorPageData(), locale));
}

beforeEach(() => {
  answer = () => jsonResponse({ data: cleanPreview() });
  fetchMock = installFetch((request) => answer(request));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanUpWidgets(fetchMock);
  act(() => {
    resetImport('users');
    resetImport('visio_links');
  });
  jest.useRealTimers();
});

describe('the CSV imports (spec §5 "Uploads")', () => {
  test('the widget refuses files over the server’s own limit', () => {
    expect(IMPORT_MAX_MB).toBe(SERVER_MAX_MB);
  });

  test('a file from French Excel (Windows-1252): the preview says how it was read and shows its first lines, accents decoded', async () => {
    await open('fr_FR');
    answer = () => jsonResponse({ data: excelPreview() });
    const panel = screen.getByRole('region', { name: 'Utilisateurs' });
    await userEvent.upload(within(panel).getByLabelText('Fichier CSV des utilisateurs'), csv('x', 'inscrits-excel.csv'));
    const table = await within(panel).findByRole('table', { name: 'Les premières lignes telles que lues' });
    expect(within(table).getByRole('row', { name: /Hélène Lefèvre/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'firstname' })).toBeInTheDocument();
    expect(within(panel).getByText(/Lu en Windows-1252/)).toBeInTheDocument();
  });

  test('two file pickers, described; choosing a file sends it and shows the preview, nothing else asked', async () => {
    await open();
    expect(within(usersPanel()).getByText(/Imported accounts have no password/)).toBeInTheDocument();
    expect(within(linksPanel()).getByText(/an http or https address/)).toBeInTheDocument();
    let release: () => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ data: previewWithSkips() }))));
    await userEvent.upload(within(usersPanel()).getByLabelText('CSV file of users'), csv('email,firstname,lastname\n'));
    expect(within(usersPanel()).getByRole('status')).toHaveTextContent('Reading visiteurs.csv…');
    await act(async () => release());
    expect(await within(usersPanel()).findByRole('heading', { name: 'Preview of visiteurs.csv' })).toBeInTheDocument();
    expect(calls()).toEqual(['POST /api/users/import']);
    const sent = fetchMock.requests[0]?.form?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('visiteurs.csv');

    const panel = usersPanel();
    expect(within(panel).getByText('12 lines read. Nothing is written until you confirm.')).toBeInTheDocument();
    expect(within(panel).getByText('to create').previousSibling).toHaveTextContent('6');
    expect(within(panel).getByText('to skip').previousSibling).toHaveTextContent('4');
    expect(within(panel).getByText('Lines without email, skipped: 3, 7')).toBeInTheDocument();
    expect(within(panel).getByText('Columns ignored: company')).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Invalid lines, skipped' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineReason', '5invalid email: jean.dupont@', '9already on line 2']);
    expect(within(panel).getByRole('button', { name: 'Skip 4 lines and import' })).toBeEnabled();
    // The other panel is untouched.
    expect(within(linksPanel()).getByLabelText('CSV file of video links')).toBeInTheDocument();
  });

  test('confirming skips the listed lines, shows the progress while it runs, then the report naming the skipped lines', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    await open();
    act(() => setImportState('users', { phase: 'preview', data: previewWithSkips() }));
    const polls: ImportData[] = [running(0, 8), running(4, 8), report()];
    answer = (request) => {
      if (request.method === 'POST') return jsonResponse({ data: running(0, 8) });
      return jsonResponse({ data: polls.shift() ?? report() });
    };
    await userEvent.click(within(usersPanel()).getByRole('button', { name: 'Skip 4 lines and import' }));
    const progress = await within(usersPanel()).findByRole('progressbar', { name: 'Import progress' });
    expect(progress).toHaveAttribute('max', '8');
    expect(fetchMock.requests[0]?.json).toEqual({ skip_missing: true, skip_invalid: true });
    expect(calls()[0]).toBe('POST /api/imports/imp123/confirm');
    await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
    await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
    expect(within(usersPanel()).getByRole('progressbar')).toHaveAttribute('value', '4');
    expect(within(usersPanel()).getByText('4 of 8 lines')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(usersPanel()).findByRole('heading', { name: 'Report of visiteurs.csv' })).toBeInTheDocument();
    expect(within(usersPanel()).getByRole('status')).toHaveTextContent('The import is finished.');
    expect(within(usersPanel()).getByText('created').previousSibling).toHaveTextContent('6');
    expect(within(usersPanel()).getByText('skipped').previousSibling).toHaveTextContent('4');
    const skipped = within(usersPanel()).getByRole('table', { name: 'Skipped lines' });
    expect(
      within(skipped)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['3no email', '5invalid email: jean.dupont@', '7no email', '9already on line 2']);
    expect(
      calls()
        .filter((c) => c.startsWith('GET'))
        .every((c) => c === 'GET /api/imports/imp123'),
    ).toBe(true);
    // Polling stopped with the report.
    const count = calls().length;
    await act(async () => jest.advanceTimersByTimeAsync(POLL_MS * 4));
    expect(calls()).toHaveLength(count);

    await userEvent.click(within(usersPanel()).getByRole('button', { name: 'Import another file' }));
    expect(within(usersPanel()).getByLabelText('CSV file of users')).toBeInTheDocument();
  });

  test('a clean file says Import; the video links go to their own call', async () => {
    await open();
    answer = () => jsonResponse({ data: videoLinksPreview() });
    await userEvent.upload(within(linksPanel()).getByLabelText('CSV file of video links'), csv('name,link\n', 'visio.csv'));
    expect(await within(linksPanel()).findByText('Lines without link, skipped: 4')).toBeInTheDocument();
    expect(calls()).toEqual(['POST /api/visio-links/import']);
    act(() =>
      setImportState('visio_links', {
        phase: 'preview',
        data: { ...videoLinksPreview(), preview: { ...videoLinksPreview().preview, missing: [] } },
      }),
    );
    expect(within(linksPanel()).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  test('the server’s refusal is shown as it is, and another file can be chosen', async () => {
    await open();
    answer = () =>
      jsonResponse(
        { data: { error: true, message: 'The header (line 1) must contain the columns email, firstname, lastname; missing: email' } },
        { status: 400 },
      );
    await userEvent.upload(within(usersPanel()).getByLabelText('CSV file of users'), csv('mail\n'));
    expect(await within(usersPanel()).findByRole('alert')).toHaveTextContent(
      'The header (line 1) must contain the columns email, firstname, lastname; missing: email',
    );
    expect(within(usersPanel()).getByLabelText('CSV file of users')).toBeInTheDocument();
  });

  test('a file over the limit is refused before anything is sent', async () => {
    await open();
    const big = csv('x');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(within(usersPanel()).getByLabelText('CSV file of users'), big);
    expect(within(usersPanel()).getByRole('alert')).toHaveTextContent('The file is too heavy, maximum 20 MB');
    expect(calls()).toEqual([]);
  });

  test('cancelling a preview goes back to the file picker without writing', async () => {
    await open();
    act(() => setImportState('users', { phase: 'preview', data: cleanPreview() }));
    await userEvent.click(within(usersPanel()).getByRole('button', { name: 'Choose another file' }));
    expect(within(usersPanel()).getByLabelText('CSV file of users')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  test('in French', async () => {
    await open('fr_FR');
    act(() => setImportState('users', { phase: 'preview', data: previewWithSkips('fr') }));
    const panel = screen.getByRole('region', { name: 'Utilisateurs' });
    expect(within(panel).getByText('12 lignes lues. Rien n’est écrit avant votre confirmation.')).toBeInTheDocument();
    expect(within(panel).getByText('Lignes sans e-mail, ignorées : 3, 7')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Ignorer 4 lignes et importer' })).toBeInTheDocument();
    act(() => setImportState('users', { phase: 'running', data: running() }));
    expect(within(panel).getByRole('progressbar', { name: 'Progression de l’import' })).toBeInTheDocument();
    expect(within(panel).getByText(/^4\s500 lignes sur 10\s000$/)).toBeInTheDocument();
    act(() => setImportState('users', { phase: 'report', data: report('fr') }));
    expect(within(panel).getByText('L’import est terminé.')).toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: 'Lignes ignorées' })).toHaveTextContent('pas d’e-mail');
    expect(screen.getByRole('region', { name: 'Liens visio' })).toBeInTheDocument();
  });

  test('a users report offers the imported accounts’ sign-in links as a form posted to the accounts page with the import; a video-links report does not', async () => {
    await open();
    act(() => setImportState('users', { phase: 'report', data: report() }));
    const links = within(usersPanel()).getByRole('region', { name: 'Sign-in links' });
    expect(links).toHaveTextContent('The imported accounts have no password.');
    const button = within(links).getByRole('button', { name: 'Download the sign-in links (CSV)' });
    const form = button.closest('form')!;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe('/admin/comptes');
    expect(Object.fromEntries([...form.querySelectorAll('input')].map((input) => [input.name, input.value]))).toEqual({
      action: 'signin-links',
      import: 'imp123',
    });
    const byMail = within(links).getByRole('button', { name: 'E-mail the sign-in links' });
    expect(byMail.closest('form')).toBe(form);
    expect([byMail.getAttribute('name'), byMail.getAttribute('value')]).toEqual(['send', 'import']);
    act(() => setImportState('visio_links', { phase: 'report', data: { ...report(), id: 'vis456', kind: 'visio_links' } }));
    expect(within(linksPanel()).getByText('The import is finished.')).toBeInTheDocument();
    expect(within(linksPanel()).queryByRole('region', { name: 'Sign-in links' })).toBeNull();
  });

  test('a users report that applied no line offers no links; in French the links are offered in French', async () => {
    await open('fr_FR');
    act(() =>
      setImportState('users', {
        phase: 'report',
        data: { ...report('fr'), report: { created: 0, updated: 0, unchanged: 0, skipped: [], skipped_count: 0 } },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Utilisateurs' });
    expect(within(panel).queryByRole('region', { name: 'Liens de connexion' })).toBeNull();
    act(() => setImportState('users', { phase: 'report', data: report('fr') }));
    const links = within(panel).getByRole('region', { name: 'Liens de connexion' });
    expect(within(links).getByRole('button', { name: 'Télécharger les liens de connexion (CSV)' })).toBeInTheDocument();
  });

  test('a run stopped on the server shows why, with what was done', async () => {
    await open();
    act(() =>
      setImportState('users', {
        phase: 'report',
        data: { ...report(), status: 'failed', error: 'The import was interrupted (the server stopped)' },
      }),
    );
    expect(within(usersPanel()).getByRole('alert')).toHaveTextContent('The import was interrupted (the server stopped)');
    expect(within(usersPanel()).getByText('created').previousSibling).toHaveTextContent('6');
  });
});
