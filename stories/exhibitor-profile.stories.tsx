import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { exhibitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { exhibitorProfile } from '@salon/shared/test/exhibitors';
import { ExhibitorProfile } from '../widgets/exhibitor-profile/ExhibitorProfile';
import { setProfileAnswers, type ProfileAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { drawnOnCanvas } from './canvas';
import { logsOnPurpose } from './decorators';

const PROFILE = exhibitorProfile('chat-image.svg');

/** A landscape photo for the cropping step, drawn as a PNG file in the browser (no file to ship). */
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#9cc3e6"/><rect y="520" width="1200" height="280" fill="#5b8c3a"/><circle cx="600" cy="360" r="150" fill="#f2c9a0"/><circle cx="600" cy="300" r="90" fill="#4a3426"/><circle cx="950" cy="150" r="70" fill="#ffd34d"/></svg>',
)}`;

/** The photo as the PNG file an exhibitor chooses. */
async function photoFile(): Promise<File> {
  const { canvas } = await drawnOnCanvas(SAMPLE_PHOTO, 1200, 800);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return new File([blob!], 'claire.png', { type: 'image/png' });
}

type Locale = 'en_EN' | 'fr_FR';
const FRENCH = withLocale(exhibitorPageData(), 'fr_FR');

const salon = (locale: Locale, answers: ProfileAnswers = {}): { salon: SalonParameters; profile: ProfileAnswers } => ({
  salon: { widgets: ['exhibitor-profile', 'toaster'], pageData: locale === 'fr_FR' ? FRENCH : exhibitorPageData() },
  profile: { profile: PROFILE, ...answers },
});

/** The texts the stories act on, in each language. */
const TEXTS = {
  en_EN: {
    card: 'My card',
    save: 'Save my card',
    saving: 'Saving…',
    attention: 'Some fields need your attention.',
    saved: 'Your card has been saved. Visitors see it now.',
    email: 'Contact email',
    mobile: 'Mobile phone',
    linkedin: 'LinkedIn',
    showMobile: 'Show mobile phone on my card',
    pictureFile: 'Picture file',
    videoFile: 'Video file',
    crop: 'Crop your picture',
    use: 'Use this picture',
  },
  fr_FR: {
    card: 'Ma fiche',
    save: 'Enregistrer ma fiche',
    saving: 'Enregistrement…',
    attention: 'Certains champs sont à corriger.',
    saved: 'Votre fiche a été enregistrée. Les visiteurs la voient dès maintenant.',
    email: 'E-mail de contact',
    mobile: 'Téléphone mobile',
    linkedin: 'LinkedIn',
    showMobile: 'Afficher le téléphone mobile sur ma fiche',
    pictureFile: 'Fichier de la photo',
    videoFile: 'Fichier de la vidéo',
    crop: 'Recadrez votre photo',
    use: 'Utiliser cette photo',
  },
};

/** The form once the card is loaded. */
async function loadedForm(canvasElement: HTMLElement, locale: Locale) {
  const canvas = within(canvasElement);
  return within(await canvas.findByRole('form', { name: TEXTS[locale].card }, { timeout: 5000 }));
}

/**
 * The exhibitor's card editor (`/exposant/profil`): function and presentation in both languages, picture (cropped
 * to a square), video, contact details with their publication boxes, and the card exactly as visitors see it
 * (the shared `ExhibitorCard`), following every keystroke. The card is loaded from the API stand-in
 * (`setProfileAnswers`); each state is reached by typing, ticking, saving or choosing a file.
 */
const meta = {
  title: 'Widgets/Exhibitor profile',
  component: ExhibitorProfile,
  loaders: [
    async ({ parameters }) => {
      setProfileAnswers(parameters.profile as ProfileAnswers);
      return {};
    },
  ],
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '60rem', margin: '1rem auto', padding: '0 1rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen', ...salon('en_EN') },
} satisfies Meta<typeof ExhibitorProfile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded: every field, each published; untick a box or type, and the card beside follows. */
export const Loaded: Story = {};
export const LoadedFrench: Story = { parameters: salon('fr_FR') };

/** Refused before sending: an email, a phone and a LinkedIn address mistyped, then Save; each message under its field. */
const withErrors = (locale: Locale): Story => ({
  parameters: salon(locale),
  play: async ({ canvasElement }) => {
    const texts = TEXTS[locale];
    const form = await loadedForm(canvasElement, locale);
    for (const [label, value] of [
      [texts.email, 'claire-at-helios'],
      [texts.mobile, '06 12'],
      [texts.linkedin, 'linkedin.com/in/claire'],
    ] as const) {
      const field = form.getByRole('textbox', { name: label });
      await userEvent.clear(field);
      await userEvent.type(field, value);
    }
    await userEvent.click(form.getByRole('button', { name: texts.save }));
    await expect(await form.findByRole('alert')).toHaveTextContent(texts.attention);
    await expect(form.getByRole('textbox', { name: texts.email })).toBeInvalid();
  },
});
export const WithErrors: Story = withErrors('en_EN');
export const WithErrorsFrench: Story = withErrors('fr_FR');

/** Saving (the server has not answered yet): the button says so. */
const saving = (locale: Locale): Story => ({
  parameters: salon(locale, { save: 'pending' }),
  play: async ({ canvasElement }) => {
    const form = await loadedForm(canvasElement, locale);
    await userEvent.click(form.getByRole('button', { name: TEXTS[locale].save }));
    await expect(await form.findByRole('button', { name: TEXTS[locale].saving })).toHaveAttribute('aria-busy', 'true');
  },
});
export const Saving: Story = saving('en_EN');
export const SavingFrench: Story = saving('fr_FR');

/** Saved, the phone unpublished: the card offers email and LinkedIn only. */
const saved = (locale: Locale): Story => ({
  parameters: salon(locale),
  play: async ({ canvasElement }) => {
    const texts = TEXTS[locale];
    const form = await loadedForm(canvasElement, locale);
    await userEvent.click(form.getByRole('checkbox', { name: texts.showMobile }));
    await userEvent.click(form.getByRole('button', { name: texts.save }));
    await expect(await form.findByText(texts.saved)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: texts.showMobile })).not.toBeChecked();
  },
});
export const Saved: Story = saved('en_EN');
export const SavedFrench: Story = saved('fr_FR');

/** The picture's cropping step, once a photo is chosen: a square to move and resize. */
const pictureCropping = (locale: Locale): Story => ({
  parameters: salon(locale),
  play: async ({ canvasElement }) => {
    const texts = TEXTS[locale];
    const form = await loadedForm(canvasElement, locale);
    await userEvent.upload(form.getByLabelText(texts.pictureFile), await photoFile());
    const cropper = await form.findByRole('group', { name: texts.crop });
    await expect(within(cropper).getByRole('button', { name: texts.use })).toBeEnabled();
    await expect(form.getByRole('button', { name: texts.save })).toBeDisabled();
  },
});
export const PictureCropping: Story = pictureCropping('en_EN');
export const PictureCroppingFrench: Story = pictureCropping('fr_FR');

/** Uploads refused by the server (a cropped photo, then a video): each message as the server words it. */
const uploadRefused = (locale: Locale, pictureMessage: string, videoMessage: string): Story => ({
  parameters: salon(locale, {
    media: {
      picture: { status: 415, body: { data: { error: true, message: pictureMessage } } },
      video: { status: 413, body: { data: { error: true, message: videoMessage } } },
    },
  }),
  play: async ({ canvasElement }) => {
    const texts = TEXTS[locale];
    const form = await loadedForm(canvasElement, locale);
    await userEvent.upload(form.getByLabelText(texts.pictureFile), await photoFile());
    await userEvent.click(within(await form.findByRole('group', { name: texts.crop })).getByRole('button', { name: texts.use }));
    await expect(await form.findByText(pictureMessage)).toHaveAttribute('role', 'alert');
    await userEvent.upload(form.getByLabelText(texts.videoFile), new File([new Uint8Array(2048)], 'stand.mp4', { type: 'video/mp4' }));
    await expect(await form.findByText(videoMessage)).toHaveAttribute('role', 'alert');
  },
});
export const UploadRefused: Story = uploadRefused(
  'en_EN',
  'Only jpg, png, webp files are accepted',
  'The file is too heavy, maximum 50 MB',
);
export const UploadRefusedFrench: Story = uploadRefused(
  'fr_FR',
  'Seuls les fichiers jpg, png, webp sont acceptés',
  'Le fichier est trop lourd, 50 Mo maximum',
);

/** A hidden profile: the preview says visitors do not see it, and where to publish it. */
const hidden = { profile: { ...PROFILE, identity: { ...PROFILE.identity, hidden: true } } };
export const HiddenProfile: Story = { parameters: salon('en_EN', hidden) };
export const HiddenProfileFrench: Story = { parameters: salon('fr_FR', hidden) };

logsOnPurpose(
  [UploadRefused, UploadRefusedFrench],
  'the story has the server refuse the files; the API client and the editor log the refusals',
  'Response not ok: 41',
  'was not uploaded',
);
