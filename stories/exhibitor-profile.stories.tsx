import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { PageDataInput } from '@salon/shared';
import { exhibitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { ExhibitorProfile, type InitialState } from '../widgets/exhibitor-profile/ExhibitorProfile';
import type { ExhibitorProfileData } from '../widgets/exhibitor-profile/api';
import { formOf } from '../widgets/exhibitor-profile/preview';
import type { SalonParameters } from '../.storybook/preview';

const PROFILE: ExhibitorProfileData = {
  profile: {
    function: 'Directrice commerciale',
    function_en: 'Sales director',
    presentation: 'Je vous aide à dimensionner une installation solaire adaptée à votre toiture et à votre consommation.',
    presentation_en: 'I help you size a solar installation suited to your roof and your consumption.',
    picture_path: null,
    video_path: null,
    contact_email: 'claire.fontaine@helios.example',
    mobile: '+33 4 76 00 11 22',
    linkedin: 'https://www.linkedin.com/in/claire-fontaine',
    visio_link: 'https://meet.example.com/helios-claire',
    published: { firstname: true, lastname: true, contact_email: true, mobile: true, linkedin: true, visio_link: true },
  },
  identity: {
    id_user: 'cl41re',
    firstname: 'Claire',
    lastname: 'Fontaine',
    pseudo: 'claire.helios',
    company: { name: 'Helios Énergie' },
    avatar_url: 'chat-image.svg',
    hidden: false,
    fields_param: {},
  },
};

/** A landscape photo stand-in for the cropping step (an SVG: no file to ship). */
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#9cc3e6"/><rect y="520" width="1200" height="280" fill="#5b8c3a"/><circle cx="600" cy="360" r="150" fill="#f2c9a0"/><circle cx="600" cy="300" r="90" fill="#4a3426"/><circle cx="950" cy="150" r="70" fill="#ffd34d"/></svg>',
)}`;

const salon = (pageData: PageDataInput = exhibitorPageData()): { salon: SalonParameters } => ({ salon: { widgets: ['exhibitor-profile', 'toaster'], pageData } });
const FRENCH = withLocale(exhibitorPageData(), 'fr_FR');

const withErrors: InitialState = {
  data: PROFILE,
  form: { ...formOf(PROFILE), values: { ...formOf(PROFILE).values, contact_email: 'claire-at-helios', mobile: '06 12', linkedin: 'linkedin.com/in/claire' } },
  issues: { contact_email: 'email', mobile: 'phone', linkedin: 'url' },
  save: { status: 'failed', message: null },
};

/**
 * The exhibitor's card editor (`/exposant/profil`): function and presentation in both languages, picture (cropped
 * to a square), video, contact details with their publication boxes, and the card exactly as visitors see it
 * (the shared `ExhibitorCard`), following every keystroke.
 */
const meta = {
  title: 'Widgets/Exhibitor profile',
  component: ExhibitorProfile,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '60rem', margin: '1rem auto', padding: '0 1rem' }}>
        <Story />
      </div>
    ),
  ],
  args: { initial: { data: PROFILE } },
  parameters: { layout: 'fullscreen', ...salon() },
} satisfies Meta<typeof ExhibitorProfile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded: every field, each published; untick a box or type, and the card beside follows. */
export const Loaded: Story = {};
export const LoadedFrench: Story = { parameters: salon(FRENCH) };

/** Refused before sending: each message under its field. */
export const WithErrors: Story = { args: { initial: withErrors } };
export const WithErrorsFrench: Story = { args: { initial: withErrors }, parameters: salon(FRENCH) };

/** Saving: the button says so. */
export const Saving: Story = { args: { initial: { data: PROFILE, save: { status: 'saving' } } } };
export const SavingFrench: Story = { args: { initial: { data: PROFILE, save: { status: 'saving' } } }, parameters: salon(FRENCH) };

/** Saved, the phone unpublished: the card offers email and LinkedIn only. */
const saved: InitialState = { data: { ...PROFILE, profile: { ...PROFILE.profile, published: { ...PROFILE.profile.published, mobile: false } } }, save: { status: 'saved' } };
export const Saved: Story = { args: { initial: saved } };
export const SavedFrench: Story = { args: { initial: saved }, parameters: salon(FRENCH) };

/** The picture's cropping step: a square to move and resize. */
const cropping: InitialState = { data: PROFILE, picture: { step: 'cropping', image: SAMPLE_PHOTO } };
export const PictureCropping: Story = { args: { initial: cropping } };
export const PictureCroppingFrench: Story = { args: { initial: cropping }, parameters: salon(FRENCH) };

/** An upload refused by the server: its message as it is. */
const refused: InitialState = { data: PROFILE, picture: { step: 'refused', message: 'Only jpg, png, webp files are accepted' }, video: { step: 'refused', message: 'The file is too heavy, maximum 50 MB' } };
export const UploadRefused: Story = { args: { initial: refused } };
const refusedFrench: InitialState = { data: PROFILE, picture: { step: 'refused', message: 'Seuls les fichiers jpg, png, webp sont acceptés' }, video: { step: 'refused', message: 'Le fichier est trop lourd, 50 Mo maximum' } };
export const UploadRefusedFrench: Story = { args: { initial: refusedFrench }, parameters: salon(FRENCH) };

/** A hidden profile: the preview says visitors do not see it, and where to publish it. */
const hidden: InitialState = { data: { ...PROFILE, identity: { ...PROFILE.identity, hidden: true } } };
export const HiddenProfile: Story = { args: { initial: hidden } };
export const HiddenProfileFrench: Story = { args: { initial: hidden }, parameters: salon(FRENCH) };
