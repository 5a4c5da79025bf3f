import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import { msg } from '@lingui/core/macro';
import { openModal, type Modal, type PageDataInput } from '@salon/shared';
import { anonymousPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { ModalsSlot } from '../widgets/modals/mount';
import { setFormAnswers, type FormAnswer } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { drawnOnCanvas } from './canvas';
import { onPageWithToaster, logsOnPurpose } from './decorators';

type Locale = 'en_EN' | 'fr_FR';

interface EngageStory {
  modal: Modal;
  /** What POST /api/nps, /api/partages and /contact answer (by the path's last segment). */
  forms?: Record<string, FormAnswer>;
}

const SOCIAL = {
  social_title: 'Salon de l’innovation',
  social_title_en: 'Innovation Fair',
  social_description: 'Trois jours pour rencontrer les exposants, en ligne.',
  social_description_en: 'Three days to meet the exhibitors, online.',
  social_image: 'https://example.test/share.png',
};

function visitor(locale: Locale = 'en_EN', loggedIn = true): PageDataInput {
  const page = withLocale(loggedIn ? visitorPageData() : anonymousPageData(), locale);
  return { ...page, parameters: { ...page.parameters, ...SOCIAL, auth: loggedIn } };
}

const story = (engage: EngageStory, pageData: PageDataInput = visitor(), extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {}) => ({
  salon: { widgets: ['modals/engage', 'toaster'], pageData, ...extra } satisfies SalonParameters,
  engage,
});

const en = (locale: Locale) => locale !== 'fr_FR';
const dialog = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('dialog'));

// ─── Opinion ───

const FEEDBACK: Modal = { name: 'feedback' };
const npsThanks: FormAnswer = { body: { data: { success: true, message: 'Thanks for your opinion' } } };
const npsFailure: FormAnswer = { status: 500, body: { data: { error: true, message: 'Database unavailable' } } };

const chooseScore =
  (score: number, locale: Locale = 'en_EN', comment?: string, send = false) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const box = await dialog(canvasElement);
    fireEvent.change(box.getByRole('slider', { name: en(locale) ? 'Your score, from 0 to 10' : 'Votre note, de 0 à 10' }), {
      target: { value: String(score) },
    });
    if (comment !== undefined)
      fireEvent.change(box.getByRole('textbox', { name: en(locale) ? 'Your comment (optional)' : 'Votre commentaire (facultatif)' }), {
        target: { value: comment },
      });
    if (send) await userEvent.click(box.getByRole('button', { name: en(locale) ? 'Send my opinion' : 'Envoyer mon avis' }));
  };

// ─── Contact an organizer ───

const CONTACT: Modal = { name: 'contact-organizer' };
const contactAnswer = (statusCode: number, data: Record<string, unknown>, status = 200): FormAnswer => ({
  status,
  body: { statusCode, data },
});

const sendContact =
  (locale: Locale = 'en_EN', values: { email?: string; message?: string } = {}) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const box = await dialog(canvasElement);
    if (values.email) await userEvent.type(box.getByRole('textbox', { name: en(locale) ? 'Your email' : 'Votre e-mail' }), values.email);
    if (values.message)
      await userEvent.type(box.getByRole('textbox', { name: en(locale) ? 'Your message' : 'Votre message' }), values.message);
    await userEvent.click(box.getByRole('button', { name: en(locale) ? 'Send' : 'Envoyer' }));
  };

// ─── Screen capture: a sample "screen" for the workspace ───

const SAMPLE_SCREEN = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="563" viewBox="0 0 1000 563">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3ea"/><stop offset="1" stop-color="#eef3f8"/></linearGradient></defs>
<rect width="1000" height="563" fill="url(#sky)"/><rect width="1000" height="44" fill="#ffffff" fill-opacity=".85"/>
<text x="20" y="28" font-family="sans-serif" font-size="18" fill="#1d1d1f">Innovation Fair</text>
<rect x="0" y="380" width="1000" height="183" fill="#c9b79c"/>
<g font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">
<rect x="90" y="200" width="220" height="180" fill="#1f5fa8"/><text x="200" y="300">Nordic Robotics</text>
<rect x="390" y="170" width="220" height="210" fill="#b54708"/><text x="500" y="280">Helios Solar</text>
<rect x="690" y="200" width="220" height="180" fill="#1e6b34"/><text x="800" y="300">BioNova Health</text></g></svg>`,
)}`;

/**
 * The engagement modals (spec §2.4, §2.12, §4.9, §5, §7, §8): the opinion, contact an organizer, social share,
 * screen capture and the generic confirm, in the modal slot with the toaster. The screen capture's states are
 * reached by pressing Capture, the browser's picker stood in for (a sample screen, a closed picker, a failure).
 */
const meta = {
  title: 'Modals/Engage',
  component: ModalsSlot,
  loaders: [
    async ({ parameters }) => {
      const engage = parameters.engage as EngageStory | undefined;
      setFormAnswers(engage?.forms ?? {});
      if (engage) openModal(engage.modal);
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  parameters: story({ modal: FEEDBACK }),
} satisfies Meta<typeof ModalsSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No score yet: the slider shows no thumb, "–" beside it; Send is disabled. */
export const OpinionUnset: Story = {};

export const OpinionUnsetFrench: Story = { parameters: story({ modal: FEEDBACK }, visitor('fr_FR')) };

/** 3: red (4 or below). */
export const OpinionLowScore: Story = { play: chooseScore(3) };

/** 6: orange (7 or below). */
export const OpinionMidScore: Story = { play: chooseScore(6) };

/** 9: green (above 7). */
export const OpinionHighScore: Story = { play: chooseScore(9, 'en_EN', 'Great talks, the map made it easy to find the stands.') };

export const OpinionHighScoreFrench: Story = {
  parameters: story({ modal: FEEDBACK }, visitor('fr_FR')),
  play: chooseScore(9, 'fr_FR', 'Très bonnes conférences, le plan aide à trouver les stands.'),
};

/** 150 characters: the counter says "10 characters too many", the comment is invalid and Send is disabled. */
export const OpinionCommentOverLimit: Story = { play: chooseScore(8, 'en_EN', 'A'.repeat(150)) };

export const OpinionCommentOverLimitFrench: Story = {
  parameters: story({ modal: FEEDBACK }, visitor('fr_FR')),
  play: chooseScore(8, 'fr_FR', 'A'.repeat(150)),
};

/** Sent: "Thanks for your opinion". */
export const OpinionThanks: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: npsThanks } }),
  play: chooseScore(8, 'en_EN', 'Very useful.', true),
};

/** "Merci pour votre avis, celui-ci a bien été pris en compte". */
export const OpinionThanksFrench: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: npsThanks } }, visitor('fr_FR')),
  play: chooseScore(8, 'fr_FR', 'Très utile.', true),
};

/** Sending: the button says "Sending…" and is disabled until the server answers (here it never does). */
export const OpinionSending: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: 'pending' } }),
  play: chooseScore(7, 'en_EN', 'Well organised.', true),
};

export const OpinionSendingFrench: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: 'pending' } }, visitor('fr_FR')),
  play: chooseScore(7, 'fr_FR', 'Bien organisé.', true),
};

/** The server fails: "Sorry your opinion can't be taken due to an error."; the form stays to send again. */
export const OpinionError: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: npsFailure } }),
  play: chooseScore(2, 'en_EN', undefined, true),
};

/** "Désolé votre avis ne peut être pris en compte à cause d'une erreur." */
export const OpinionErrorFrench: Story = {
  parameters: story({ modal: FEEDBACK, forms: { nps: npsFailure } }, visitor('fr_FR')),
  play: chooseScore(2, 'fr_FR', undefined, true),
};

/** Not logged in: the email is asked (required). */
export const ContactAnonymous: Story = { parameters: story({ modal: CONTACT }, visitor('en_EN', false)) };

export const ContactAnonymousFrench: Story = { parameters: story({ modal: CONTACT }, visitor('fr_FR', false)) };

/** Logged in: no email. */
export const ContactLoggedIn: Story = { parameters: story({ modal: CONTACT }) };

export const ContactLoggedInFrench: Story = { parameters: story({ modal: CONTACT }, visitor('fr_FR')) };

/** Send with nothing filled in: "This field is required" under the email and the message. */
export const ContactValidationErrors: Story = { parameters: story({ modal: CONTACT }, visitor('en_EN', false)), play: sendContact() };

/** "Ce champ est obligatoire". */
export const ContactValidationErrorsFrench: Story = {
  parameters: story({ modal: CONTACT }, visitor('fr_FR', false)),
  play: sendContact('fr_FR'),
};

/** The server refuses (200, data.error): its message above the form, its field error under the message. */
export const ContactServerRefusal: Story = {
  parameters: story({
    modal: CONTACT,
    forms: {
      contact: contactAnswer(400, {
        error: true,
        message: 'The form has errors.',
        formErrors: { message: 'Please write at least a sentence.' },
      }),
    },
  }),
  play: sendContact('en_EN', { message: 'Hi' }),
};

/** Non-200: the toast "An error occured, see console for more information"; the form stays. */
export const ContactCallFailed: Story = {
  parameters: story({ modal: CONTACT, forms: { contact: contactAnswer(500, { error: true, message: 'Internal error' }, 500) } }),
  play: sendContact('en_EN', { message: 'Where is the conference room?' }),
};

export const ContactCallFailedFrench: Story = {
  parameters: story(
    { modal: CONTACT, forms: { contact: contactAnswer(500, { error: true, message: 'Erreur interne' }, 500) } },
    visitor('fr_FR'),
  ),
  play: sendContact('fr_FR', { message: 'Où est la salle de conférence ?' }),
};

/** Sending: the button says "Sending…" and is disabled until the server answers (here it never does). */
export const ContactSending: Story = {
  parameters: story({ modal: CONTACT, forms: { contact: 'pending' } }),
  play: sendContact('en_EN', { message: 'Where is the conference room?' }),
};

export const ContactSendingFrench: Story = {
  parameters: story({ modal: CONTACT, forms: { contact: 'pending' } }, visitor('fr_FR')),
  play: sendContact('fr_FR', { message: 'Où est la salle de conférence ?' }),
};

/** Sent: the server's message. */
export const ContactSent: Story = {
  parameters: story(
    { modal: CONTACT, forms: { contact: contactAnswer(200, { error: false, message: 'Your message has been sent to the organizer.' }) } },
    visitor('en_EN', false),
  ),
  play: sendContact('en_EN', { email: 'camille@example.test', message: 'Where is the conference room?' }),
};

export const ContactSentFrench: Story = {
  parameters: story(
    {
      modal: CONTACT,
      forms: { contact: contactAnswer(200, { error: false, message: 'Votre message a bien été envoyé à l’organisateur.' }) },
    },
    visitor('fr_FR', false),
  ),
  play: sendContact('fr_FR', { email: 'camille@example.test', message: 'Où est la salle de conférence ?' }),
};

const SHARE: EngageStory = {
  modal: { name: 'social-share' },
  forms: { partages: { body: { data: { url: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.test%2Fsalon' } } } },
};

/** Facebook, LinkedIn, X (Twitter): each asks POST /api/partages for its sharer address and opens it. */
export const Share: Story = { parameters: story(SHARE) };

export const ShareFrench: Story = { parameters: story(SHARE, visitor('fr_FR')) };

const SHARE_ERROR: EngageStory = {
  modal: { name: 'social-share' },
  forms: { partages: { body: { data: { error: true, message: 'Sharing is turned off for this salon.' } } } },
};

/** The server refuses: the API client's error toast with its message; the window opened for the sharer closes. */
export const ShareError: Story = {
  parameters: story(SHARE_ERROR),
  play: async ({ canvasElement }) => {
    await userEvent.click((await dialog(canvasElement)).getByRole('button', { name: 'Share on LinkedIn' }));
  },
};

export const ShareErrorFrench: Story = {
  parameters: story(SHARE_ERROR, visitor('fr_FR')),
  play: async ({ canvasElement }) => {
    await userEvent.click((await dialog(canvasElement)).getByRole('button', { name: 'Partager sur LinkedIn' }));
  },
};

/** The first step: the browser's capture needs the visitor's click. */
export const CaptureStart: Story = { parameters: story({ modal: { name: 'screen-capture' } }) };

export const CaptureStartFrench: Story = { parameters: story({ modal: { name: 'screen-capture' } }, visitor('fr_FR')) };

/**
 * The browser's side of the capture, stood in for before the story and put back after it: the visitor chooses a
 * screen (a video of the sample screen, drawn on a canvas), closes the picker, the browser fails, or it has no
 * getDisplayMedia at all.
 */
type DisplayMediaAnswer = 'screen' | 'cancelled' | 'failed' | 'unsupported';

async function sampleScreen(): Promise<MediaStream> {
  const { canvas, draw } = await drawnOnCanvas(SAMPLE_SCREEN, 1000, 563);
  const stream = canvas.captureStream();
  // A canvas stream has a frame each time the canvas is drawn: drawn again until the capture stops the track.
  const track = stream.getVideoTracks()[0]!;
  const timer = setInterval(() => (track.readyState === 'ended' ? clearInterval(timer) : draw()), 50);
  return stream;
}

const displayMedia = (answer: DisplayMediaAnswer) => () => {
  const devices = navigator.mediaDevices;
  const getDisplayMedia = {
    screen: sampleScreen,
    cancelled: () => Promise.reject(new DOMException('The visitor closed the picker', 'NotAllowedError')),
    failed: () => Promise.reject(new DOMException('Could not start video source', 'NotReadableError')),
    unsupported: undefined,
  }[answer];
  Object.defineProperty(devices, 'getDisplayMedia', { configurable: true, writable: true, value: getDisplayMedia });
  return () => {
    Reflect.deleteProperty(devices, 'getDisplayMedia');
  };
};

const CAPTURE_TEXTS = {
  en_EN: {
    capture: 'Capture the screen',
    workspace: 'Crop your capture',
    area: 'Cropping area',
    cancelled: 'The capture was cancelled.',
    failed: 'The screen could not be captured.',
    unsupported: 'Your browser cannot capture the screen.',
  },
  fr_FR: {
    capture: "Capturer l'écran",
    workspace: 'Recadrez votre capture',
    area: 'Zone de recadrage',
    cancelled: 'La capture a été annulée.',
    failed: "L'écran n'a pas pu être capturé.",
    unsupported: "Votre navigateur ne permet pas de capturer l'écran.",
  },
};

/** The capture modal with the browser answering `answer`; but for 'unsupported', the visitor presses Capture. */
const captureStory = (locale: Locale, answer: DisplayMediaAnswer): Story => ({
  parameters: story({ modal: { name: 'screen-capture' } }, visitor(locale)),
  beforeEach: displayMedia(answer),
  play: async ({ canvasElement }) => {
    const texts = CAPTURE_TEXTS[locale];
    const box = await dialog(canvasElement);
    if (answer === 'unsupported') {
      await expect(box.getByRole('alert')).toHaveTextContent(texts.unsupported);
      await expect(box.queryByRole('button', { name: texts.capture })).not.toBeInTheDocument();
      return;
    }
    await userEvent.click(box.getByRole('button', { name: texts.capture }));
    if (answer === 'screen') {
      const workspace = within(await within(canvasElement).findByRole('dialog', { name: texts.workspace }, { timeout: 5000 }));
      await expect(workspace.getByRole('group', { name: texts.area })).toBeVisible();
      return;
    }
    // The modal hides while the browser is asked, then comes back with the problem.
    await expect(await within(canvasElement).findByText(texts[answer], undefined, { timeout: 5000 })).toHaveAttribute('role', 'alert');
  },
});

/** The full-screen cropping workspace on a sample capture (1000 × 563): drag the frame, then Download. */
export const CaptureWorkspace: Story = captureStory('en_EN', 'screen');

export const CaptureWorkspaceFrench: Story = captureStory('fr_FR', 'screen');

/** The visitor closed the browser's picker. */
export const CaptureCancelled: Story = captureStory('en_EN', 'cancelled');

/** The capture failed (the browser refused, or no frame could be drawn): the message, and Capture to try again. */
export const CaptureFailed: Story = captureStory('en_EN', 'failed');

export const CaptureFailedFrench: Story = captureStory('fr_FR', 'failed');

/** A browser without getDisplayMedia (the top bar hides the item and writes a console message). */
export const CaptureUnsupported: Story = captureStory('en_EN', 'unsupported');

export const CaptureUnsupportedFrench: Story = captureStory('fr_FR', 'unsupported');

/** The generic confirm: the message, Cancel (focused) and Confirm. */
export const Confirm: Story = {
  parameters: story({
    modal: {
      name: 'confirm',
      message: 'Skip the 3 lines without an email and import the others?',
      onConfirm: () => console.info('[story] confirmed'),
    },
  }),
};

export const ConfirmFrench: Story = {
  parameters: story(
    {
      modal: {
        name: 'confirm',
        message: 'Ignorer les 3 lignes sans e-mail et importer les autres ?',
        onConfirm: () => console.info('[story] confirmed'),
      },
    },
    visitor('fr_FR'),
  ),
};

/** The message as a Lingui descriptor, translated in the page's language (here a text of the engage catalog). */
export const ConfirmTranslatedMessage: Story = {
  parameters: story(
    { modal: { name: 'confirm', message: msg`Share on social media`, onConfirm: () => console.info('[story] confirmed') } },
    visitor('fr_FR'),
  ),
};

/** An anonymous visitor pressed Chat on an exhibitor card: log in or create an account, then come back here. */
export const LoginNeededChat: Story = { parameters: story({ modal: { name: 'login-needed', reason: 'chat' } }, visitor('en_EN', false)) };

export const LoginNeededChatFrench: Story = {
  parameters: story({ modal: { name: 'login-needed', reason: 'chat' } }, visitor('fr_FR', false)),
};

/** An anonymous visitor started the contest: offered before the first question. */
export const LoginNeededContest: Story = {
  parameters: story({ modal: { name: 'login-needed', reason: 'contest' } }, visitor('en_EN', false)),
};

export const LoginNeededContestFrench: Story = {
  parameters: story({ modal: { name: 'login-needed', reason: 'contest' } }, visitor('fr_FR', false)),
};

logsOnPurpose(
  [OpinionError, OpinionErrorFrench],
  'the story makes the server fail; the API client and the opinion form log it',
  'Response not ok: 500',
  'the opinion was not recorded',
);

logsOnPurpose(
  [ContactCallFailed, ContactCallFailedFrench],
  'the story makes the server fail; the API client logs the failed call',
  'Response not ok: 500',
);

logsOnPurpose(
  [CaptureFailed, CaptureFailedFrench],
  'the story has the browser fail to capture; the widget logs why',
  '[salon] screen capture failed',
);

logsOnPurpose(
  [ShareError, ShareErrorFrench],
  'the story has the server refuse the share; the API client logs the refusal',
  'Server error: POST /api/partages',
);
