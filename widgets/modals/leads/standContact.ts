import { closeModal, request, showToast, type AppParameters, type LocaleCode, type Modal, type PageUser } from '@salon/shared';
import type { Stand } from '@salon/shared/exhibitors';
import { CONTACT_REQUEST_SENT, standContactRules, type FormValues } from '@salon/shared/forms';
import type { StandContactRequestBody } from '@salon/shared/contracts/forms';
import { namesAndEmailOf, reportFailure, type FieldError, type RawValues } from './leadForm';

/** The form's fields, those of its rules: the server's errors are shown under them. */
export const STAND_CONTACT_FIELDS = Object.keys(standContactRules);

/** The form filled with what the page knows of the logged-in user. */
export function standContactInitial(user: PageUser): RawValues {
  return {
    ...namesAndEmailOf(user),
    phone: user.mobile ?? '',
    postal_code: user.postal_code ?? '',
    city: user.city ?? '',
    data_sharing: false,
    optin_marketing: false,
  };
}

/**
 * Spec §5: the marketing box shows when marketing opt-in is on: the stand's `optin_marketing` if set, else the
 * global `stands_optin_marketing`. Null while the stands are loading (nothing shown yet).
 */
export function standMarketingShown(
  stands: { status: string; stands: Record<string, Stand> },
  standId: string,
  parameters: AppParameters,
): boolean | null {
  if (stands.status === 'idle' || stands.status === 'loading') return null;
  return stands.stands[standId]?.optin_marketing ?? parameters.stands_optin_marketing;
}

export interface StandContactSend {
  modal: Extract<Modal, { name: 'stand-contact-request' }>;
  /** The stand's company when the opener did not give it (GET /api/stands). */
  stand: Stand | undefined;
  marketingShown: boolean;
  locale: LocaleCode;
}

export function standContactBody(
  values: FormValues<typeof standContactRules>,
  { modal, stand, marketingShown, locale }: StandContactSend,
): StandContactRequestBody {
  const companyId = modal.companyId ?? stand?.company_id;
  return {
    ...(companyId && { company_id: companyId }),
    firstname: values.firstname,
    lastname: values.lastname,
    email: values.email,
    phone: values.phone,
    postal_code: values.postal_code,
    city: values.city,
    data_sharing: values.data_sharing,
    // Recorded only when the box was shown.
    ...(marketingShown && { optin_marketing: values.optin_marketing }),
    // The language of the consent wordings shown, which the server records with the request.
    locale,
  };
}

/** POST /api/stands/{id}/requestContact; success: its toast and the modal closes (spec §8). */
export async function sendStandContact(
  values: FormValues<typeof standContactRules>,
  send: StandContactSend,
): Promise<Record<string, FieldError> | undefined> {
  try {
    await request<unknown>('POST', `/api/stands/${encodeURIComponent(send.modal.standId)}/requestContact`, {
      json: standContactBody(values, send),
      notify: false,
    });
  } catch (error) {
    // Spec §8: "an error shows a toast with the message", whatever the status; without one, the generic toast.
    return reportFailure(error, STAND_CONTACT_FIELDS, { messageOfAnyStatus: true });
  }
  showToast({ kind: 'success', message: CONTACT_REQUEST_SENT });
  closeModal();
  return undefined;
}
