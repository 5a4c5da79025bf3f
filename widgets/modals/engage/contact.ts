import { atom, readonlyType, type ReadableAtom } from 'nanostores';
import type { MessageDescriptor } from '@lingui/core';
import { $parameters, $user, ApiError, rateLimitMessage, request, showToast } from '@salon/shared';
import type { ContactAnswer, ContactBody } from '@salon/shared/contracts/contact';
import { checkForm, FORM_CALL_FAILED, ISSUE_MESSAGES, promoterContactRules, type ContactSubject } from '@salon/shared/forms';

export type ContactField = keyof typeof promoterContactRules;

export interface ContactValues {
  email: string;
  subject: ContactSubject;
  message: string;
}

export interface ContactState {
  /** A logged-in user: no email asked (spec §5, §6). */
  authenticated: boolean;
  values: ContactValues;
  /** The message under each invalid field: the form's own rule, or the server's text. */
  errors: Partial<Record<ContactField, MessageDescriptor | string>>;
  /** After a first try: the fields are checked again as they change. */
  validated: boolean;
  /** Counts the tries stopped by errors, so the view can move the focus to the first invalid field each time. */
  rejected: number;
  status: 'editing' | 'sending' | 'sent';
  /** The server's message: the reason it refused (shown above the form), or its confirmation. */
  serverMessage: string | null;
}

export interface ContactStore {
  $state: ReadableAtom<ContactState>;
  setValue<K extends keyof ContactValues>(field: K, value: ContactValues[K]): void;
  submit(): Promise<void>;
}

/** Spec §5: the email is required only when the visitor is not authenticated (`auth` false, or anonymous). */
export function isAuthenticated(): boolean {
  return $parameters.get().auth === true && !$user.get().anonymous;
}

function ownErrors(values: ContactValues, authenticated: boolean): ContactState['errors'] {
  const issues = checkForm(promoterContactRules, { ...values }, { authenticated });
  const errors: ContactState['errors'] = {};
  for (const [field, code] of Object.entries(issues) as [ContactField, keyof typeof ISSUE_MESSAGES][]) errors[field] = ISSUE_MESSAGES[code];
  return errors;
}

function serverErrors(formErrors: unknown): ContactState['errors'] {
  const errors: ContactState['errors'] = {};
  if (typeof formErrors !== 'object' || formErrors === null) return errors;
  for (const field of Object.keys(promoterContactRules) as ContactField[]) {
    const text = (formErrors as Record<string, unknown>)[field];
    if (typeof text === 'string' && text !== '') errors[field] = text;
  }
  return errors;
}

/**
 * The "contact an organizer" form (spec §2.4, §5, §7 `POST /contact`, §8 "Forms"). Checked with the shared rules
 * first; the server answers 200 with `data.error` and its message (and field errors) when it refuses: shown, the
 * form marked validated. A rate limit's refusal (429): its message, shown the same way, the form as it was. Any other
 * non-200 answer or a network failure: the toast 'An error occured, see console for more information'.
 */
export function createContactStore(initial: Partial<ContactState> = {}): ContactStore {
  const $state = atom<ContactState>({
    authenticated: isAuthenticated(),
    values: { email: '', subject: 'question', message: '' },
    errors: {},
    validated: false,
    rejected: 0,
    status: 'editing',
    serverMessage: null,
    ...initial,
  });

  function setValue<K extends keyof ContactValues>(field: K, value: ContactValues[K]): void {
    const state = $state.get();
    if (state.status !== 'editing') return;
    const values = { ...state.values, [field]: value };
    $state.set({ ...state, values, errors: state.validated ? ownErrors(values, state.authenticated) : state.errors });
  }

  async function submit(): Promise<void> {
    const state = $state.get();
    if (state.status !== 'editing') return;
    const errors = ownErrors(state.values, state.authenticated);
    if (Object.keys(errors).length > 0) {
      $state.set({ ...state, errors, validated: true, rejected: state.rejected + 1 });
      return;
    }
    $state.set({ ...state, errors: {}, status: 'sending' });
    const { email, subject, message } = state.values;
    const body: ContactBody = { subject, message: message.trim(), ...(state.authenticated ? {} : { email: email.trim() }) };
    try {
      const answer = await request<ContactAnswer['data']>('POST', '/contact', { json: body, notify: false });
      $state.set({ ...$state.get(), status: 'sent', serverMessage: answer?.message ?? null });
    } catch (error) {
      const current = $state.get();
      const limited = rateLimitMessage(error);
      if (limited) {
        $state.set({ ...current, status: 'editing', serverMessage: limited });
        return;
      }
      if (error instanceof ApiError && error.kind === 'server') {
        const data = (error.data ?? {}) as { message?: unknown; formErrors?: unknown };
        $state.set({
          ...current,
          status: 'editing',
          validated: true,
          rejected: current.rejected + 1,
          serverMessage: typeof data.message === 'string' && data.message !== '' ? data.message : null,
          errors: serverErrors(data.formErrors),
        });
        return;
      }
      $state.set({ ...current, status: 'editing' });
      if (!(error instanceof ApiError && error.kind === 'aborted')) showToast({ kind: 'error', message: FORM_CALL_FAILED, unique: true });
    }
  }

  return { $state: readonlyType($state), setValue, submit };
}
