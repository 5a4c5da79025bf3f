import { closeModal, openModal, request, showToast, type LocaleCode, type Modal, type PageUser } from '@salon/shared';
import { emitTracking } from '@salon/shared/room';
import { CONTACT_REQUEST_SENT, type FormValues, type offerFormRules } from '@salon/shared/forms';
import type { OfferFormBody } from '@salon/shared/contracts/forms';
import { reportFailure, type FieldError, type RawValues } from './leadForm';

type OfferModal = Extract<Modal, { name: 'offer-confirm' | 'offer-contact-info' }>;

export const OFFER_FIELDS = ['firstname', 'lastname', 'birthdate', 'email', 'phone', 'comments', 'opt_in', 'optin_marketing'] as const;

function track(modal: OfferModal, answer: 'Yes' | 'No' | 'Submit'): void {
  void emitTracking({ name: `${modal.subject}_${answer}`, stand_id: modal.standId });
}

/** Spec §4.11: Yes tracks `{subject}_Yes` and opens the contact-info form with the same offer; No tracks `{subject}_No` and closes. */
export function answerOffer(modal: Extract<Modal, { name: 'offer-confirm' }>, yes: boolean): void {
  track(modal, yes ? 'Yes' : 'No');
  if (!yes) {
    closeModal();
    return;
  }
  const { name: _confirm, ...offer } = modal;
  openModal({ ...offer, name: 'offer-contact-info' });
}

export function offerInitial(user: PageUser): RawValues {
  return {
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    // An <input type="date"> takes YYYY-MM-DD only.
    birthdate: /^\d{4}-\d{2}-\d{2}/.exec(user.birthdate ?? '')?.[0] ?? '',
    email: user.email ?? user.contact_email ?? '',
    phone: user.mobile ?? '',
    comments: '',
    opt_in: false,
    optin_marketing: false,
  };
}

export interface OfferSend {
  modal: Extract<Modal, { name: 'offer-contact-info' }>;
  standName: string | null;
  locale: LocaleCode;
}

export function offerBody(values: FormValues<typeof offerFormRules>, { modal, standName, locale }: OfferSend): OfferFormBody {
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    birthdate: values.birthdate,
    phone: values.phone,
    ...(values.email !== '' && { email: values.email }),
    subject: modal.subject,
    ...(modal.codeApporteur && { code_apporteur: modal.codeApporteur }),
    ...(values.comments !== '' && { comments: values.comments }),
    opt_in: values.opt_in,
    // Spec §5: the marketing box exists only when the frame's display flag is 1.
    ...(modal.displayMarketing === true && { optin_marketing: values.optin_marketing }),
    ...(standName && { standName }),
    locale,
  };
}

/** POST /api/stands/{id}/requestForminfo; success tracks `{subject}_Submit`, toasts and closes. */
export async function sendOfferForm(
  values: FormValues<typeof offerFormRules>,
  send: OfferSend,
): Promise<Record<string, FieldError> | undefined> {
  try {
    await request<unknown>('POST', `/api/stands/${encodeURIComponent(send.modal.standId)}/requestForminfo`, {
      json: offerBody(values, send),
      notify: false,
    });
  } catch (error) {
    return reportFailure(error, OFFER_FIELDS);
  }
  track(send.modal, 'Submit');
  showToast({ kind: 'success', message: CONTACT_REQUEST_SENT });
  closeModal();
  return undefined;
}
