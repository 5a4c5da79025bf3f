import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, setPageData, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { animator, PICTURE } from '@salon/shared/test/exhibitors';
import type { Animator } from '@salon/shared/exhibitors';
import { ExhibitorCard } from './ExhibitorCard';

const mockStartChat = jest.fn(async (_userId: string, _options: { standId?: string | null }) => null);
jest.mock('@salon/shared/chat', () => ({ startChat: (...args: [string, { standId?: string | null }]) => mockStartChat(...args) }));

const PRESENTATION = 'Je vous présente nos robots collaboratifs et nos solutions de maintenance prédictive.';
const PRESENTATION_EN = 'I present our collaborative robots and our predictive maintenance solutions for industry.';
const alice = animator('alice1', 'Alice', 'Durand', { presentation: PRESENTATION, presentation_en: PRESENTATION_EN });

async function show(exhibitor: Animator | null, data: PageDataInput = visitorPageData(), parameters: Record<string, unknown> = {}) {
  setPageData({ ...data, parameters: { ...data.parameters, ...parameters } });
  await act(() => activateLocale(data.locale?.locale ?? 'en_EN'));
  render(
    <I18nProvider i18n={i18n}>
      <ExhibitorCard exhibitor={exhibitor} standId="s1" />
    </I18nProvider>,
  );
  return screen.getByRole('article');
}

let play: jest.SpiedFunction<HTMLMediaElement['play']>;
let pause: jest.SpiedFunction<HTMLMediaElement['pause']>;
beforeEach(() => {
  mockStartChat.mockClear();
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('the exhibitor card (spec §2.9)', () => {
  test('picture, name, function and the presentation in English', async () => {
    const card = await show(alice);
    expect(card).toHaveAccessibleName('Alice Durand');
    expect(within(card).getByRole('heading', { name: 'Alice Durand' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Picture of Alice Durand' })).toHaveAttribute('src', PICTURE);
    expect(within(card).getByText('Sales manager')).toBeInTheDocument();
  });

  test('French page: the French function and presentation', async () => {
    const card = await show(alice, withLocale(visitorPageData(), 'fr_FR'));
    expect(within(card).getByText('Responsable commerciale')).toBeInTheDocument();
    expect(card).toHaveAccessibleDescription(PRESENTATION);
    expect(within(card).getByRole('img', { name: 'Photo de Alice Durand' })).toBeInTheDocument();
  });

  test('the presentation is cut at 60 characters; the whole text is the tooltip and the accessible description', async () => {
    const card = await show(alice);
    const shown = `${PRESENTATION_EN.slice(0, 60).trimEnd()}…`;
    const visible = within(card).getByText(shown);
    expect(visible.closest('p')).toHaveAttribute('title', PRESENTATION_EN);
    expect(card).toHaveAccessibleDescription(PRESENTATION_EN);
  });

  test('a short presentation is shown whole, without tooltip', async () => {
    const card = await show({ ...alice, presentation_en: 'Robots.' });
    expect(within(card).getByText('Robots.').closest('p')).not.toHaveAttribute('title');
    expect(card).toHaveAccessibleDescription('Robots.');
  });

  test('a placeholder without picture, and when the picture fails', async () => {
    const card = await show(alice);
    fireEvent.error(within(card).getByRole('img', { name: 'Picture of Alice Durand' }));
    expect(within(card).getByRole('img', { name: 'No picture' })).toHaveTextContent('AD');
    expect(within(card).queryByRole('img', { name: 'Picture of Alice Durand' })).not.toBeInTheDocument();
  });

  test('no picture at all: the placeholder', async () => {
    const card = await show({ ...alice, picturePath: null });
    expect(within(card).getByRole('img', { name: 'No picture' })).toBeInTheDocument();
  });

  test('the video plays on click, goes back to the start on pause and on end', async () => {
    const card = await show({ ...alice, videoPath: 'https://cdn.test/alice.mp4' });
    const video = within(card).getByLabelText('Video of Alice Durand') as HTMLVideoElement;
    expect(video).not.toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Play the video of Alice Durand' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(video).toBeVisible();
    video.currentTime = 12;
    await userEvent.click(within(card).getByRole('button', { name: 'Stop the video of Alice Durand' }));
    expect(pause).toHaveBeenCalled();
    expect(video.currentTime).toBe(0);
    expect(video).not.toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Play the video of Alice Durand' }));
    video.currentTime = 30;
    fireEvent.ended(video);
    expect(video.currentTime).toBe(0);
    expect(within(card).getByRole('button', { name: 'Play the video of Alice Durand' })).toBeInTheDocument();
  });

  test('a video that fails to load is hidden (no play button)', async () => {
    const card = await show({ ...alice, videoPath: 'https://cdn.test/broken.mp4' });
    fireEvent.error(within(card).getByLabelText('Video of Alice Durand'));
    expect(within(card).queryByLabelText('Video of Alice Durand')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Play the video/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Picture of Alice Durand' })).toBeInTheDocument();
  });

  test("an unknown user: 'Unknown user', 'Utilisateur Inconnu' in French; no chat without an id", async () => {
    let card = await show(null);
    expect(within(card).getByRole('heading')).toHaveTextContent('Unknown user');
    expect(within(card).getByRole('button', { name: 'Chat with Unknown user' })).toBeDisabled();
    cleanup();
    card = await show(null, withLocale(visitorPageData(), 'fr_FR'));
    expect(within(card).getByRole('heading')).toHaveTextContent('Utilisateur Inconnu');
  });
});

describe('the main action (spec §5)', () => {
  test('priority chat: Chat, which starts the chat with the stand as context', async () => {
    const card = await show(alice, visitorPageData(), { exhibitor_upc_priority_action: 'chat' });
    await userEvent.click(within(card).getByRole('button', { name: 'Chat with Alice Durand' }));
    expect(mockStartChat).toHaveBeenCalledWith('alice1', { standId: 's1' });
  });

  test('forced video link and a link: join the video (new tab)', async () => {
    const card = await show({ ...alice, visio_link: { link: 'https://visio.test/alice' } }, visitorPageData(), {
      exhibitor_force_visio_link: true,
      exhibitor_upc_priority_action: 'mail',
    });
    const link = within(card).getByRole('link', { name: 'Join the video call with Alice Durand' });
    expect(link).toHaveAttribute('href', 'https://visio.test/alice');
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('priority mail, mobile, linkedin when published', async () => {
    let card = await show(alice, visitorPageData(), { exhibitor_upc_priority_action: 'mail' });
    expect(within(card).getByRole('link', { name: 'Send an email to Alice Durand' })).toHaveAttribute('href', 'mailto:alice@acme.test');
    cleanup();
    card = await show(alice, visitorPageData(), { exhibitor_upc_priority_action: 'mobile' });
    expect(within(card).getByRole('link', { name: 'Call Alice Durand' })).toHaveAttribute('href', 'tel:+33612345678');
    cleanup();
    card = await show(alice, visitorPageData(), { exhibitor_upc_priority_action: 'linkedin' });
    expect(within(card).getByRole('link', { name: 'LinkedIn profile of Alice Durand' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/alice',
    );
  });

  test('the priority channel is not published: chat', async () => {
    const card = await show({ ...alice, fields_param: { contact_email: '1', mobile: '0' } }, visitorPageData(), {
      exhibitor_upc_priority_action: 'mail',
    });
    expect(within(card).getByRole('button', { name: 'Chat with Alice Durand' })).toBeEnabled();
    expect(within(card).queryByRole('link', { name: /Send an email/ })).not.toBeInTheDocument();
  });
});

describe('the three-dots menu (spec §2.9, field publication §5)', () => {
  test('email, phone and linkedin when published; choosing one shows it instead of the presentation', async () => {
    const card = await show(alice);
    const more = within(card).getByRole('button', { name: 'More ways to contact Alice Durand' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    const menu = within(card).getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Email', 'Phone', 'LinkedIn']);
    expect(within(menu).getByRole('menuitem', { name: 'Email' })).toHaveFocus();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Phone' }));
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
    expect(within(card).queryAllByText(/I present our/)).toHaveLength(0);
    await userEvent.click(more);
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Presentation' }));
    expect(card).toHaveAccessibleDescription(PRESENTATION_EN);
    expect(within(card).queryByRole('link', { name: '+33 6 12 34 56 78' })).not.toBeInTheDocument();
  });

  test('only published fields: fields_param not empty lists only the fields flagged "0"', async () => {
    const card = await show({ ...alice, fields_param: { mobile: '0', contact_email: '1' } });
    await userEvent.click(within(card).getByRole('button', { name: 'More ways to contact Alice Durand' }));
    expect(
      within(card)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Phone']);
  });

  test('Escape closes the menu and gives the focus back; no menu when nothing is published', async () => {
    let card = await show(alice);
    const more = within(card).getByRole('button', { name: 'More ways to contact Alice Durand' });
    await userEvent.click(more);
    await userEvent.keyboard('{ArrowDown}');
    expect(within(card).getByRole('menuitem', { name: 'Phone' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    cleanup();
    card = await show({ ...alice, contact_email: null, mobile: null, linkedin: null });
    expect(within(card).queryByRole('button', { name: /More ways/ })).not.toBeInTheDocument();
  });

  test('the keyboard alone: ArrowUp on the button opens on the last item, Home/End jump, Tab or a click outside close it', async () => {
    const card = await show(alice);
    const more = within(card).getByRole('button', { name: 'More ways to contact Alice Durand' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).not.toHaveAttribute('aria-controls');
    more.focus();
    await userEvent.keyboard('{ArrowUp}');
    const menu = within(card).getByRole('menu', { name: 'More ways to contact Alice Durand' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'LinkedIn' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Email' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'LinkedIn' })).toHaveFocus();
    await userEvent.keyboard('{End}{Tab}');
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(card).getByRole('menuitem', { name: 'Email' })).toHaveFocus();
    await userEvent.click(document.body);
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
  });
});
