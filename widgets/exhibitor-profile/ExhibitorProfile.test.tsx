import { VIDEO_TYPES } from '@salon/shared/contracts/medias';
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PageDataInput } from '@salon/shared';
import { exhibitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { exhibitorProfile } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { cleanUpWidgets, showWidget } from '@salon/shared/test/widgets';
import type { ExhibitorProfileBody } from './api';
import { mount } from './mount';
import { checkProfile, formOf } from './preview';

const PROFILE = exhibitorProfile('/media/avatars/cl41re.svg');

type Answer = { status: number; body: unknown } | 'pending';
let fetchMock: ReturnType<typeof installFetch>;
let answers: { get: Answer; put: Answer; upload: Answer };

const calls = () => fetchMock.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`);
const sent = () => fetchMock.requests.filter((r) => r.method === 'PUT').map((r) => r.json as ExhibitorProfileBody);
const respond = (answer: Answer) =>
  answer === 'pending' ? new Promise<Response>(() => undefined) : jsonResponse(answer.body, { status: answer.status });

async function open(page: PageDataInput = exhibitorPageData(), get: Answer = { status: 200, body: { data: PROFILE } }) {
  answers.get = get;
  await showWidget(mount, page);
}
const preview = () => screen.getByRole('region', { name: /What visitors see|Ce que voient les visiteurs/ });
const card = () => within(preview()).getByRole('article');

async function menuOf(name: string): Promise<string[]> {
  const user = userEvent.setup();
  await user.click(within(card()).getByRole('button', { name: `More ways to contact ${name}` }));
  const items = within(card())
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return items;
}

beforeEach(() => {
  answers = {
    get: { status: 200, body: { data: PROFILE } },
    put: { status: 200, body: { data: PROFILE } },
    upload: { status: 201, body: {} },
  };
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/exhibitors/me/profile') return respond(request.method === 'PUT' ? answers.put : answers.get);
    if (pathname === '/api/medias') return respond(answers.upload);
    return jsonResponse({ data: {} });
  });
  let objects = 0;
  Object.assign(URL, { createObjectURL: jest.fn(() => `blob:test/${(objects += 1)}`), revokeObjectURL: jest.fn() });
  // jsdom draws no canvas: a context that draws nothing, and a JPEG of a few bytes (Node's File: Node's FormData
  // takes no jsdom Blob).
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => ({ drawImage: jest.fn(), fillRect: jest.fn(), fillStyle: '' }) as unknown as CanvasRenderingContext2D);
  jest
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((callback, type) => callback(new File(['jpeg'], 'canvas', { type: type ?? 'image/png' })));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => cleanUpWidgets(fetchMock));

describe('the exhibitor card editor', () => {
  test('loads the card: every field filled, each publication ticked, and the preview shows the card as visitors see it', async () => {
    await open();
    expect(await screen.findByRole('form', { name: 'My card' })).toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/exhibitors/me/profile']);
    expect(screen.getByLabelText('Function (French)')).toHaveValue('Directrice commerciale');
    expect(screen.getByLabelText('Function (English)')).toHaveValue('Sales director');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('+33 4 76 00 11 22');
    expect(screen.getByRole('checkbox', { name: 'Show mobile phone on my card' })).toBeChecked();
    expect(within(card()).getByRole('heading', { name: 'Claire Fontaine' })).toBeInTheDocument();
    // English page: function_en; the presentation cut at 60 characters, the whole text as tooltip.
    expect(within(card()).getByText('Sales director')).toBeInTheDocument();
    expect(within(card()).getByTitle(PROFILE.profile.presentation_en ?? '')).toBeInTheDocument();
    expect(within(card()).getByRole('img', { name: 'Picture of Claire Fontaine' })).toHaveAttribute('src', '/media/avatars/cl41re.svg');
    expect(await menuOf('Claire Fontaine')).toEqual(['Email', 'Phone', 'LinkedIn']);
  });

  test('the preview follows each keystroke and each box, before anything is saved', async () => {
    await open();
    const user = userEvent.setup();
    const english = await screen.findByLabelText('Function (English)');
    await user.clear(english);
    await user.type(english, 'Head of sales');
    expect(within(card()).getByText('Head of sales')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Show mobile phone on my card' }));
    expect(await menuOf('Claire Fontaine')).toEqual(['Email', 'LinkedIn']);
    await user.click(screen.getByRole('checkbox', { name: 'Show first name on my card' }));
    expect(within(card()).getByRole('heading', { name: 'Fontaine' })).toBeInTheDocument();
    // Clearing a value hides it as well as unticking it.
    await user.clear(screen.getByLabelText('Contact email'));
    expect(await menuOf('Fontaine')).toEqual(['LinkedIn']);
    expect(calls()).toEqual(['GET /api/exhibitors/me/profile']);
  });

  test('the preview’s main action only shows: clicking it starts nothing', async () => {
    await open();
    await userEvent.setup().click(await within(card()).findByRole('button', { name: 'Chat with Claire Fontaine' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls()).toEqual(['GET /api/exhibitors/me/profile']);
    expect(console.error).not.toHaveBeenCalled();
  });

  test('Save sends the whole card, the boxes as published flags; "saved" is announced', async () => {
    const saved = { ...PROFILE, profile: { ...PROFILE.profile, published: { ...PROFILE.profile.published, mobile: false } } };
    answers.put = { status: 200, body: { data: saved } };
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Show mobile phone on my card' }));
    await user.click(screen.getByRole('button', { name: 'Save my card' }));
    expect(await screen.findByText('Your card has been saved. Visitors see it now.')).toBeInTheDocument();
    // The whole card as loaded, the phone unpublished.
    expect(sent()).toEqual([saved.profile]);
    expect(screen.getByRole('checkbox', { name: 'Show mobile phone on my card' })).not.toBeChecked();
  });

  test('while saving: the button says so and a second click sends nothing more', async () => {
    answers.put = 'pending';
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save my card' }));
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving).toHaveAttribute('aria-busy', 'true');
    await user.click(saving);
    expect(sent()).toHaveLength(1);
  });

  test('the browser refuses a bad email, phone or address before sending; each message sits under its field', async () => {
    await open();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Contact email'));
    await user.type(screen.getByLabelText('Contact email'), 'claire-at-helios');
    await user.clear(screen.getByLabelText('Mobile phone'));
    await user.type(screen.getByLabelText('Mobile phone'), '06 12');
    await user.clear(screen.getByLabelText('LinkedIn'));
    await user.type(screen.getByLabelText('LinkedIn'), 'linkedin.com/in/claire');
    await user.click(screen.getByRole('button', { name: 'Save my card' }));
    expect(screen.getByLabelText('Contact email')).toHaveAccessibleDescription('The email format is incorrect');
    expect(screen.getByLabelText('Mobile phone')).toHaveAccessibleDescription('The number format is incorrect');
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription('Expected an address starting with http:// or https://');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(sent()).toEqual([]);
    // Typing again clears that field's message.
    await user.type(screen.getByLabelText('Mobile phone'), '34 56 78');
    expect(screen.getByLabelText('Mobile phone')).not.toHaveAccessibleDescription('The number format is incorrect');
  });

  test('the presentation counts its characters down, and over 1000 is refused', async () => {
    await open();
    const field = await screen.findByLabelText('Presentation (English)');
    fireEvent.change(field, { target: { value: 'x'.repeat(1003) } });
    expect(screen.getByText('3 characters too many')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save my card' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Too long'));
    expect(sent()).toEqual([]);
  });

  test('the server’s field errors are shown under their fields', async () => {
    answers.put = {
      status: 400,
      body: { data: { error: true, message: 'mobile has an invalid format', formErrors: { mobile: 'has an invalid format' } } },
    };
    await open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save my card' }));
    await waitFor(() => expect(screen.getByLabelText('Mobile phone')).toHaveAccessibleDescription('has an invalid format'));
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
  });

  test('a refusal without field errors: its message as the server words it', async () => {
    answers.put = { status: 403, body: { data: { error: true, message: 'Only exhibitors have an exhibitor card' } } };
    await open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save my card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only exhibitors have an exhibitor card');
  });

  test('a picture: chosen, cropped to a square in the cropping area, sent as JPEG; the preview shows it; Save keeps its address', async () => {
    answers.upload = {
      status: 201,
      body: {
        data: { media: { str: 'p1c', url: '/api/medias/p1c', kind: 'picture', mime: 'image/jpeg', size: 4, width: 512, height: 512 } },
      },
    };
    await open();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Add a picture' });
    fireEvent.change(screen.getByLabelText('Picture file'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    const cropper = screen.getByRole('group', { name: 'Crop your picture' });
    const area = within(cropper).getByRole('group', { name: 'Cropping area' });
    expect(area.querySelector('cropper-image')).toHaveAttribute('src', 'blob:test/1');
    expect(area.querySelector('cropper-selection')).toHaveAttribute('aspect-ratio', '1');
    expect(screen.getByRole('button', { name: 'Save my card' })).toBeDisabled();

    await user.click(within(cropper).getByRole('button', { name: 'Use this picture' }));
    await waitFor(() =>
      expect(within(card()).getByRole('img', { name: 'Picture of Claire Fontaine' })).toHaveAttribute('src', '/api/medias/p1c'),
    );
    const upload = fetchMock.requests.find((r) => r.url.pathname === '/api/medias');
    expect(upload?.method).toBe('POST');
    expect(upload?.url.searchParams.get('kind')).toBe('picture');
    const file = upload?.form?.get('file') as File;
    expect(file.type).toBe('image/jpeg');
    expect(file.name).toBe('picture.jpg');

    await user.click(screen.getByRole('button', { name: 'Save my card' }));
    await screen.findByText('Your card has been saved. Visitors see it now.');
    expect(sent()[0]?.picture_path).toBe('/api/medias/p1c');
  });

  test('Cancel in the cropping step keeps the picture as it was', async () => {
    await open();
    await screen.findByRole('button', { name: 'Add a picture' });
    fireEvent.change(screen.getByLabelText('Picture file'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await userEvent.setup().click(within(screen.getByRole('group', { name: 'Crop your picture' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Crop your picture' })).not.toBeInTheDocument();
    expect(fetchMock.requests.some((r) => r.url.pathname === '/api/medias')).toBe(false);
  });

  test('an upload refused by the server: its message as it is, nothing changes', async () => {
    answers.upload = { status: 415, body: { data: { error: true, message: 'Only jpg, png, webp files are accepted' } } };
    await open();
    await screen.findByRole('button', { name: 'Add a video' });
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [new File(['exe'], 'clip.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only jpg, png, webp files are accepted');
    expect(fetchMock.requests.find((r) => r.url.pathname === '/api/medias')?.url.searchParams.get('kind')).toBe('video');
    expect(screen.getByRole('button', { name: 'Add a video' })).toBeEnabled();
  });

  test('a video: sent as it is, then removable; the preview offers to play it', async () => {
    answers.upload = {
      status: 201,
      body: {
        data: { media: { str: 'v1d', url: '/api/medias/v1d', kind: 'video', mime: 'video/mp4', size: 3, width: null, height: null } },
      },
    };
    await open();
    await screen.findByRole('button', { name: 'Add a video' });
    const clip = new File(['mp4'], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [clip] } });
    expect(await within(card()).findByRole('button', { name: 'Play the video of Claire Fontaine' })).toBeInTheDocument();
    expect((fetchMock.requests.find((r) => r.url.pathname === '/api/medias')?.form?.get('file') as File).name).toBe('clip.mp4');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the video' }));
    expect(within(card()).queryByRole('button', { name: 'Play the video of Claire Fontaine' })).not.toBeInTheDocument();
  });

  test('a hidden profile: the preview says visitors do not see it, with the way to publish it', async () => {
    await open(exhibitorPageData(), { status: 200, body: { data: { ...PROFILE, identity: { ...PROFILE.identity, hidden: true } } } });
    const note = await within(preview()).findByRole('note');
    expect(note).toHaveTextContent('Hidden: visitors do not see this card until you publish your profile.');
    expect(within(note).getByRole('link', { name: 'Publish it' })).toHaveAttribute('href', expect.stringMatching(/\/profil$/));
  });

  test('the card cannot be loaded: an alert and a retry', async () => {
    await open(exhibitorPageData(), { status: 503, body: { data: { error: true, message: 'down' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card could not be loaded.');
    answers.get = { status: 200, body: { data: PROFILE } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'My card' })).toBeInTheDocument();
  });

  test('French page: French labels and messages, the French function on the card, each medium named', async () => {
    await open(withLocale(exhibitorPageData(), 'fr_FR'));
    expect(await screen.findByRole('form', { name: 'Ma fiche' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fonction (français)')).toHaveValue('Directrice commerciale');
    expect(screen.getByRole('checkbox', { name: 'Afficher le téléphone mobile sur ma fiche' })).toBeChecked();
    expect(within(card()).getByText('Directrice commerciale')).toBeInTheDocument();
    // Each medium's row speaks of its own medium.
    expect(screen.getByRole('button', { name: 'Ajouter une photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter une vidéo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fichier de la photo')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    // The picker offers what the server takes (MP4, WebM): no .mov it would always refuse.
    expect(screen.getByLabelText('Fichier de la vidéo')).toHaveAttribute('accept', Object.values(VIDEO_TYPES).join(','));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('E-mail de contact'));
    await user.type(screen.getByLabelText('E-mail de contact'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Enregistrer ma fiche' }));
    expect(screen.getByLabelText('E-mail de contact')).toHaveAccessibleDescription("Le format de l'email est incorrect");
  });
});

describe('checkProfile', () => {
  test('empty values are fine; controls and line breaks only where text may span lines', () => {
    const form = formOf(PROFILE);
    expect(checkProfile(form)).toEqual({});
    expect(
      checkProfile({
        ...form,
        values: {
          ...form.values,
          contact_email: '',
          mobile: ' ',
          function: 'A\nB',
          presentation: 'A\nB',
          visio_link: 'javascript:alert(1)',
        },
      }),
    ).toEqual({
      function: 'characters',
      visio_link: 'url',
    });
  });
});
