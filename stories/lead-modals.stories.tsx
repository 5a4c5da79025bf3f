import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { openModal, type Modal, type PageDataInput } from '@salon/shared';
import { anonymousPageData, exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { setStands, type Stand } from '@salon/shared/exhibitors';
import { setContestScore } from '@salon/shared/room';
import { CONSENTS } from '@salon/shared/forms';
import { stand } from '@salon/shared/test/exhibitors';
import { ModalsSlot } from '../widgets/modals/mount';
import { setFormAnswers, type FormAnswer } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster, logsOnPurpose } from './decorators';

type Locale = 'en_EN' | 'fr_FR';

interface LeadStory {
  modal: Modal;
  /** What POST requestContact / requestForminfo / concours/default answer. */
  forms?: Record<string, FormAnswer>;
  stands?: Record<string, Stand>;
  /** The room game's score waiting for the contest form. */
  score?: number | null;
}

const NORDIC = stand('s1', 'Robotique Nordique', 'Nordic Robotics');
const STANDS = {
  s1: NORDIC,
  s2: { ...stand('s2', 'Helios Solaire', 'Helios Solar'), optin_marketing: true },
  s3: { ...stand('s3', 'BioNova Santé', 'BioNova Health'), optin_marketing: false },
};

/** A registered visitor whose page data gives all but the phone. */
function visitor(locale: Locale = 'en_EN', parameters: Record<string, unknown> = {}): PageDataInput {
  const page = withLocale(visitorPageData(), locale);
  return {
    ...page,
    user: {
      ...page.user,
      email: 'camille.martin@example.test',
      postal_code: '75011',
      city: 'Paris',
      birthdate: '1990-04-12',
      mobile: null,
    },
    parameters: { ...page.parameters, stands_optin_marketing: false, ...parameters },
  };
}

const story = (lead: LeadStory, pageData: PageDataInput = visitor(), extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {}) => ({
  salon: { widgets: ['modals/leads', 'toaster'], pageData, ...extra } satisfies SalonParameters,
  lead,
});

const okForm = (message = 'ok'): FormAnswer => ({ body: { data: { error: false, message } } });
const contestAnswer = (statusCode: number, data: Record<string, unknown>): FormAnswer => ({ body: { statusCode, data } });

const en = (locale: Locale) => locale !== 'fr_FR';
const dialog = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('dialog'));

/** Types into the fields (clearing them first) and leaves the last one, so their messages show. */
async function fill(canvasElement: HTMLElement, values: Record<string, string>) {
  const box = await dialog(canvasElement);
  for (const [name, value] of Object.entries(values)) {
    const field = box.getByRole('textbox', { name });
    await userEvent.clear(field);
    if (value !== '') await userEvent.type(field, value);
  }
  await userEvent.tab();
}

async function tick(canvasElement: HTMLElement, ...labels: string[]) {
  const box = await dialog(canvasElement);
  for (const name of labels) await userEvent.click(box.getByRole('checkbox', { name }));
}

async function send(canvasElement: HTMLElement, locale: Locale = 'en_EN') {
  await userEvent.click((await dialog(canvasElement)).getByRole('button', { name: en(locale) ? 'Send' : 'Envoyer' }));
}

/** The stand contact request made valid (the phone and the data-sharing consent), then sent. */
const sendContactRequest =
  (locale: Locale = 'en_EN') =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await fill(canvasElement, { [en(locale) ? 'Phone' : 'Téléphone']: '+33 6 12 34 56 78' });
    await tick(canvasElement, en(locale) ? CONSENTS.data_sharing.en : CONSENTS.data_sharing.fr);
    await send(canvasElement, locale);
  };

const sendOfferForm =
  (locale: Locale = 'en_EN') =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await fill(canvasElement, { [en(locale) ? 'Phone' : 'Téléphone']: '06 12 34 56 78' });
    await tick(canvasElement, en(locale) ? CONSENTS.opt_in.en : CONSENTS.opt_in.fr);
    await send(canvasElement, locale);
  };

const sendContest =
  (locale: Locale = 'en_EN') =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await fill(canvasElement, { Mobile: '06 12 34 56 78' });
    await tick(
      canvasElement,
      ...(en(locale) ? [CONSENTS.contest_rules.en, CONSENTS.privacy.en] : [CONSENTS.contest_rules.fr, CONSENTS.privacy.fr]),
    );
    await send(canvasElement, locale);
  };

/**
 * The modals that produce leads (spec §2.4, §4.10, §4.11, §5): the stand contact request, the offer's yes/no
 * question and contact-info form, the offer popup and the contest, in the modal slot with the toaster.
 */
const meta = {
  title: 'Modals/Leads',
  component: ModalsSlot,
  loaders: [
    async ({ parameters }) => {
      const lead = parameters.lead as LeadStory;
      setFormAnswers(lead.forms ?? {});
      setStands(lead.stands ?? STANDS);
      setContestScore(lead.score ?? null);
      openModal(lead.modal);
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  parameters: story({ modal: { name: 'stand-contact-request', standId: 's1' } }),
} satisfies Meta<typeof ModalsSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

// ─── Stand contact request ───

const CONTACT: Modal = { name: 'stand-contact-request', standId: 's1' };

/** Filled from the visitor's page data; the phone and the consent are missing, so Send is disabled. */
export const ContactRequest: Story = {};

export const ContactRequestFrench: Story = { parameters: story({ modal: CONTACT }, visitor('fr_FR')) };

/** An anonymous visitor: every field empty. */
export const ContactRequestEmpty: Story = { parameters: story({ modal: CONTACT }, anonymousPageData()) };

/** Each message of spec §5 under its field (required, email, phone, numeric postal code, consent). */
export const ContactRequestInvalid: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { 'First name': '', Email: 'camille@', Phone: '12ab', 'Postal code': '75O11', City: '' });
    await tick(canvasElement, CONSENTS.data_sharing.en, CONSENTS.data_sharing.en);
  },
};

export const ContactRequestInvalidFrench: Story = {
  parameters: story({ modal: CONTACT }, visitor('fr_FR')),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { Prénom: '', Email: 'camille@', Téléphone: '12ab', 'Code postal': '75O11', Ville: '' });
    await tick(canvasElement, CONSENTS.data_sharing.fr, CONSENTS.data_sharing.fr);
  },
};

/** Stand opt-in on (Helios Solar), the global one off: the marketing box shows. */
export const ContactRequestMarketingShown: Story = { parameters: story({ modal: { name: 'stand-contact-request', standId: 's2' } }) };

export const ContactRequestMarketingShownFrench: Story = {
  parameters: story({ modal: { name: 'stand-contact-request', standId: 's2' } }, visitor('fr_FR')),
};

/** Stand opt-in off (BioNova Health) though the global one is on: no marketing box. */
export const ContactRequestMarketingHidden: Story = {
  parameters: story({ modal: { name: 'stand-contact-request', standId: 's3' } }, visitor('en_EN', { stands_optin_marketing: true })),
};

/** No stand value: the global opt-in decides (on here). */
export const ContactRequestMarketingGlobal: Story = {
  parameters: story({ modal: CONTACT }, visitor('en_EN', { stands_optin_marketing: true })),
};

/** Sending: the server has not answered yet; Send is disabled. */
export const ContactRequestSending: Story = {
  parameters: story({ modal: CONTACT, forms: { requestContact: 'pending' } }),
  play: sendContactRequest(),
};

/** Sent: the success toast, the modal closed. */
export const ContactRequestSent: Story = {
  parameters: story({ modal: CONTACT, forms: { requestContact: okForm() } }),
  play: sendContactRequest(),
};

export const ContactRequestSentFrench: Story = {
  parameters: story({ modal: CONTACT, forms: { requestContact: okForm() } }, visitor('fr_FR')),
  play: sendContactRequest('fr_FR'),
};

/** The server's field errors (400 with formErrors) under their fields. */
export const ContactRequestServerFieldErrors: Story = {
  parameters: story({
    modal: CONTACT,
    forms: {
      requestContact: {
        status: 400,
        body: {
          data: {
            error: true,
            message: 'The form has errors.',
            formErrors: { email: 'This address cannot receive mail.', city: 'This field is required' },
          },
        },
      },
    },
  }),
  play: sendContactRequest(),
};

/** An error answer with a message: its toast; the form stays. */
export const ContactRequestServerMessage: Story = {
  parameters: story({
    modal: CONTACT,
    forms: { requestContact: { body: { data: { error: true, message: 'This stand no longer takes requests.' } } } },
  }),
  play: sendContactRequest(),
};

/** The server is down: 'An error occured, see console for more information'. */
export const ContactRequestCallFailed: Story = {
  parameters: story({ modal: CONTACT }, visitor(), { api: 'fail' }),
  play: sendContactRequest(),
};

export const ContactRequestCallFailedFrench: Story = {
  parameters: story({ modal: CONTACT }, visitor('fr_FR'), { api: 'fail' }),
  play: sendContactRequest('fr_FR'),
};

// ─── Offer (spec §4.11) ───

const OFFER = { standId: 's1', subject: 'credit_auto', codeApporteur: 'AB12' };
const OFFER_FORM: Modal = { name: 'offer-contact-info', ...OFFER, displayMarketing: true };

/** The room frame's showContactFormInfos: Yes opens the contact-info form, No closes (both tracked). */
export const OfferConfirm: Story = { parameters: story({ modal: { name: 'offer-confirm', ...OFFER } }) };

export const OfferConfirmFrench: Story = { parameters: story({ modal: { name: 'offer-confirm', ...OFFER } }, visitor('fr_FR')) };

/** The contact-info form with the marketing box (display flag 1). */
export const OfferForm: Story = { parameters: story({ modal: OFFER_FORM }) };

export const OfferFormFrench: Story = { parameters: story({ modal: OFFER_FORM }, visitor('fr_FR')) };

/** Display flag not 1: no marketing box. */
export const OfferFormMarketingHidden: Story = { parameters: story({ modal: { name: 'offer-contact-info', ...OFFER } }) };

/** Required fields emptied, a wrong phone and email, the consent unticked. */
export const OfferFormInvalid: Story = {
  parameters: story({ modal: OFFER_FORM }),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { 'First name': '', Phone: 'call me', Email: 'camille.example.test' });
    await tick(canvasElement, CONSENTS.opt_in.en, CONSENTS.opt_in.en);
  },
};

export const OfferFormInvalidFrench: Story = {
  parameters: story({ modal: OFFER_FORM }, visitor('fr_FR')),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { Prénom: '', Téléphone: 'appelez-moi', Email: 'camille.example.test' });
    await tick(canvasElement, CONSENTS.opt_in.fr, CONSENTS.opt_in.fr);
  },
};

export const OfferFormSending: Story = {
  parameters: story({ modal: OFFER_FORM, forms: { requestForminfo: 'pending' } }),
  play: sendOfferForm(),
};

/** Sent: {subject}_Submit tracked, the success toast, the modal closed. */
export const OfferFormSent: Story = {
  parameters: story({ modal: OFFER_FORM, forms: { requestForminfo: okForm() } }),
  play: sendOfferForm(),
};

export const OfferFormServerFieldErrors: Story = {
  parameters: story({
    modal: OFFER_FORM,
    forms: {
      requestForminfo: {
        status: 400,
        body: { data: { error: true, message: 'The form has errors.', formErrors: { birthdate: 'Expected a date as YYYY-MM-DD' } } },
      },
    },
  }),
  play: sendOfferForm(),
};

/** The frame's showPopupOffer: the offer, and the way to the offer's contact flow. */
export const OfferPopup: Story = { parameters: story({ modal: { name: 'offer-popup', standId: 's1', offer: 'offer_stand-nordic' } }) };

export const OfferPopupFrench: Story = {
  parameters: story({ modal: { name: 'offer-popup', standId: 's1', offer: 'offer_stand-nordic' } }, visitor('fr_FR')),
};

/** Without a stand: the offer and Close only. */
export const OfferPopupWithoutStand: Story = { parameters: story({ modal: { name: 'offer-popup', offer: 'offer_conference' } }) };

// ─── Contest (spec §4.10) ───

const CONTEST: Modal = { name: 'contest' };
const contestVisitor = (locale: Locale = 'en_EN', parameters: Record<string, unknown> = {}) => {
  const page = visitor(locale, parameters);
  return { ...page, user: { ...page.user, mobile: '+33 6 12 34 56 78' } };
};

/** A registered visitor after the game: the 5 questions, the score, the form filled from the profile. */
export const ContestForm: Story = { parameters: story({ modal: CONTEST, score: 4 }, contestVisitor()) };

export const ContestFormFrench: Story = { parameters: story({ modal: CONTEST, score: 4 }, contestVisitor('fr_FR')) };

/** The contest's marketing opt-in equals 1: the marketing box shows. */
export const ContestMarketingShown: Story = {
  parameters: story({ modal: CONTEST, score: 4 }, contestVisitor('en_EN', { contest_optin_marketing: 1 })),
};

/** Send with the boxes unticked and fields emptied: every message, nothing sent. */
export const ContestInvalid: Story = {
  parameters: story({ modal: CONTEST }, contestVisitor()),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { 'First name': '', Email: 'camille@example', Mobile: '06-12' });
    await send(canvasElement);
  },
};

export const ContestInvalidFrench: Story = {
  parameters: story({ modal: CONTEST }, contestVisitor('fr_FR')),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { Prénom: '', Email: 'camille@example', Mobile: '06-12' });
    await send(canvasElement, 'fr_FR');
  },
};

export const ContestSending: Story = {
  parameters: story({ modal: CONTEST, score: 4, forms: { default: 'pending' } }, contestVisitor()),
  play: sendContest(),
};

/** Confirmed participation. */
export const ContestThanks: Story = {
  parameters: story(
    {
      modal: CONTEST,
      score: 4,
      forms: { default: contestAnswer(200, { error: false, message: 'Your participation has been recorded.' }) },
    },
    contestVisitor(),
  ),
  play: sendContest(),
};

export const ContestThanksFrench: Story = {
  parameters: story(
    {
      modal: CONTEST,
      score: 4,
      forms: { default: contestAnswer(200, { error: false, message: 'Votre participation a été enregistrée.' }) },
    },
    contestVisitor('fr_FR'),
  ),
  play: sendContest('fr_FR'),
};

/** data 'contest_participation.already'. */
export const ContestAlreadyRecorded: Story = {
  parameters: story(
    { modal: CONTEST, forms: { default: contestAnswer(409, { error: true, message: 'Already', data: 'contest_participation.already' }) } },
    contestVisitor(),
  ),
  play: sendContest(),
};

export const ContestAlreadyRecordedFrench: Story = {
  parameters: story(
    { modal: CONTEST, forms: { default: contestAnswer(409, { error: true, message: 'Déjà', data: 'contest_participation.already' }) } },
    contestVisitor('fr_FR'),
  ),
  play: sendContest('fr_FR'),
};

/** The server's field errors under the fields. */
export const ContestServerFieldErrors: Story = {
  parameters: story(
    {
      modal: CONTEST,
      forms: {
        default: contestAnswer(400, {
          error: true,
          message: 'The form has errors.',
          formErrors: { email: 'This email already took part with another account.' },
        }),
      },
    },
    contestVisitor(),
  ),
  play: sendContest(),
};

/** Another error: the server's message. */
export const ContestServerMessage: Story = {
  parameters: story(
    { modal: CONTEST, forms: { default: contestAnswer(403, { error: true, message: 'The contest is closed.' }) } },
    contestVisitor(),
  ),
  play: sendContest(),
};

/** Non-200 or network failure: the generic toast. */
export const ContestCallFailed: Story = {
  parameters: story({ modal: CONTEST }, contestVisitor(), { api: 'fail' }),
  play: sendContest(),
};

/** Not a visitor with a profile route: only the not-allowed message. */
export const ContestNotAllowedAnonymous: Story = { parameters: story({ modal: CONTEST }, anonymousPageData()) };

export const ContestNotAllowedAnonymousFrench: Story = { parameters: story({ modal: CONTEST }, withLocale(anonymousPageData(), 'fr_FR')) };

export const ContestNotAllowedExhibitor: Story = { parameters: story({ modal: CONTEST }, exhibitorPageData()) };

logsOnPurpose(
  [ContactRequestServerFieldErrors],
  'the story has the server refuse the fields; the API client logs the answer',
  'Response not ok: 400',
);

logsOnPurpose(
  [ContactRequestCallFailed, ContactRequestCallFailedFrench, ContestCallFailed],
  'the story makes the server fail; the API client logs the failed call',
  'Response not ok: 503',
);

logsOnPurpose(
  [OfferFormServerFieldErrors],
  'the story has the server refuse the fields; the API client logs the answer',
  'Response not ok: 400',
);
