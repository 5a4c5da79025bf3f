import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $sidebar, activateLocale, clearToasts, hideSidebar, setPageData, showSidebar, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { company, NO_INFO, NO_SOCIAL } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { cleanUpWidgets, type MountedWidget, mountWidget, showWidget, toastTexts } from '@salon/shared/test/widgets';
import type { Company } from '@salon/shared/company';
import { mount } from './mount';

let widget: MountedWidget | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let answer: (request: Request) => Response | Promise<Response>;
const writeText = jest.fn(async (_text: string) => undefined);

const calls = () => fetchMock.requests.map((r) => `${r.method} ${r.url.pathname}`);

async function openSheet(data: Company | null, page: PageDataInput = visitorPageData()) {
  if (data) answer = () => jsonResponse({ data: { company: data } });
  widget = await showWidget(mount, page);
  act(() => showSidebar({ name: 'company-sheet', companyId: 'c1' }));
  return screen.findByRole('complementary');
}

beforeEach(() => {
  answer = () => jsonResponse({ data: { company: company() } });
  fetchMock = installFetch((request) => answer(request));
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => cleanUpWidgets(fetchMock));

function stubClipboard() {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('the company sheet (spec §2.5)', () => {
  test('shows nothing until showCompanySheet opens it; then GET /api/company/{id}', async () => {
    setPageData(visitorPageData());
    widget = await mountWidget(mount);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(calls()).toEqual([]);
    act(() => showSidebar({ name: 'company-sheet', companyId: 'c1' }));
    const sheet = await screen.findByRole('complementary', { name: 'Company sheet' });
    expect(await within(sheet).findByRole('heading', { level: 2, name: 'Acme Robotics' })).toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/company/c1']);
  });

  test('name, English description, the info card and the social card', async () => {
    const sheet = await openSheet(company());
    await within(sheet).findByRole('heading', { name: 'Acme Robotics' });
    expect(within(sheet).getByText(/Collaborative robots for workshops\./)).toBeInTheDocument();
    const info = within(sheet).getByRole('region', { name: 'Information' });
    expect(within(info).getByRole('link', { name: 'https://acme.test' })).toHaveAttribute('href', 'https://acme.test');
    expect(within(info).getByRole('link', { name: 'Download the documents' })).toHaveAttribute('href', 'https://acme.test/brochure.pdf');
    expect(within(info).getByRole('link', { name: '+33 1 23 45 67 89' })).toHaveAttribute('href', 'tel:+33123456789');
    expect(within(info).getByRole('link', { name: 'contact@acme.test' })).toHaveAttribute('href', 'mailto:contact@acme.test');
    const social = within(sheet).getByRole('region', { name: 'Social networks' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://facebook.com/acme', 'https://linkedin.com/company/acme', 'https://twitter.com/acme', 'https://youtube.com/@acme']);
    expect(within(sheet).getAllByRole('button', { name: /^Copy / })).toHaveLength(8);
  });

  test('French page: the French description and labels', async () => {
    const sheet = await openSheet(company(), withLocale(visitorPageData(), 'fr_FR'));
    await within(sheet).findByRole('heading', { name: 'Acme Robotics' });
    expect(within(sheet).getByText(/Robots collaboratifs pour les ateliers\./)).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: 'Réseaux sociaux' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: "Copier l'email" })).toBeInTheDocument();
  });

  test('a document uploaded to the salon (/api/medias/…): a download link on this page’s origin, copied whole', async () => {
    stubClipboard();
    const sheet = await openSheet(
      company({ storage_link: '/api/medias/Q2xlYXJseUFQZGZEb2N1bWVu' }),
      withLocale(visitorPageData(), 'fr_FR'),
    );
    const info = await within(sheet).findByRole('region', { name: 'Informations' });
    const document = within(info).getByRole('link', { name: 'Télécharger les documents' });
    expect(document).toHaveAttribute('href', `${window.location.origin}/api/medias/Q2xlYXJseUFQZGZEb2N1bWVu`);
    expect(document).toHaveAttribute('download');
    expect(document).not.toHaveAttribute('target');
    await userEvent.click(within(info).getByRole('button', { name: 'Copier le lien des documents' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/medias/Q2xlYXJseUFQZGZEb2N1bWVu`);
    // A web address stays a link opened in a new tab.
    widget?.unmount();
    act(() => hideSidebar());
    const other = await openSheet(company());
    const external = within(await within(other).findByRole('region', { name: 'Information' })).getByRole('link', {
      name: 'Download the documents',
    });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).not.toHaveAttribute('download');
  });

  test('a card shows only when it has an entry', async () => {
    let sheet = await openSheet(company(NO_SOCIAL));
    await within(sheet).findByRole('region', { name: 'Information' });
    expect(within(sheet).queryByRole('region', { name: 'Social networks' })).not.toBeInTheDocument();
    widget?.unmount();
    act(() => hideSidebar());
    sheet = await openSheet(company({ ...NO_INFO, facebook_link: null, twitter_link: null, youtube_link: null }));
    const social = await within(sheet).findByRole('region', { name: 'Social networks' });
    expect(within(social).getAllByRole('listitem')).toHaveLength(1);
    expect(within(sheet).queryByRole('region', { name: 'Information' })).not.toBeInTheDocument();
  });

  test('loading, then the company', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const sheet = await openSheet(null);
    expect(within(sheet).getByRole('status')).toHaveTextContent('Loading the company…');
    await act(async () => release(jsonResponse({ data: { company: company() } })));
    expect(await within(sheet).findByRole('heading', { name: 'Acme Robotics' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('status')).not.toBeInTheDocument();
  });

  test('an error, with a retry', async () => {
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    const sheet = await openSheet(null);
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('The company sheet could not be loaded.');
    expect(toastTexts()).toEqual(['Internal Server Error']);
    answer = () => jsonResponse({ data: { company: company() } });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Try again' }));
    expect(await within(sheet).findByRole('heading', { name: 'Acme Robotics' })).toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/company/c1', 'GET /api/company/c1']);
  });

  test('the close button hides the sidebar', async () => {
    const sheet = await openSheet(company());
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect($sidebar.get()).toBeNull();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('copying (spec §2.5)', () => {
  test('the email, the number, a link: each its message', async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(company());
    await within(sheet).findByRole('heading', { name: 'Acme Robotics' });
    stubClipboard();
    await user.click(within(sheet).getByRole('button', { name: 'Copy the email' }));
    expect(writeText).toHaveBeenLastCalledWith('contact@acme.test');
    await user.click(within(sheet).getByRole('button', { name: 'Copy the phone number' }));
    expect(writeText).toHaveBeenLastCalledWith('+33 1 23 45 67 89');
    await user.click(within(sheet).getByRole('button', { name: 'Copy the website link' }));
    expect(writeText).toHaveBeenLastCalledWith('https://acme.test');
    await user.click(within(sheet).getByRole('button', { name: 'Copy the YouTube link' }));
    expect(toastTexts()).toEqual(['The email has been copied', 'The number has been copied', 'The link has been copied']);
  });

  test("in French: 'L'email a été copié', 'Le numéro a été copié', 'Le lien a été copié'", async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(company(), withLocale(visitorPageData(), 'fr_FR'));
    await within(sheet).findByRole('heading', { name: 'Acme Robotics' });
    stubClipboard();
    await user.click(within(sheet).getByRole('button', { name: "Copier l'email" }));
    await user.click(within(sheet).getByRole('button', { name: 'Copier le numéro de téléphone' }));
    await user.click(within(sheet).getByRole('button', { name: 'Copier le lien Facebook' }));
    expect(toastTexts()).toEqual(["L'email a été copié", 'Le numéro a été copié', 'Le lien a été copié']);
  });

  test("a refused copy: 'An error occurred' ('Une erreur est survenue')", async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(company(), withLocale(visitorPageData(), 'fr_FR'));
    await within(sheet).findByRole('heading', { name: 'Acme Robotics' });
    stubClipboard();
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(sheet).getByRole('button', { name: "Copier l'email" }));
    expect(toastTexts()).toEqual(['Une erreur est survenue']);
    act(() => clearToasts());
    await act(() => activateLocale('en_EN'));
    await user.click(within(sheet).getByRole('button', { name: 'Copy the email' }));
    expect(toastTexts()).toEqual(['An error occurred']);
  });
});
