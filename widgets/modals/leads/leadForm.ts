import { atom, computed, type ReadableAtom } from 'nanostores';
import type { MessageDescriptor } from '@lingui/core';
import { ApiError, rateLimitMessage, showToast, type PageUser } from '@salon/shared';
import {
  checkForm,
  FORM_CALL_FAILED,
  ISSUE_CODES,
  ISSUE_MESSAGES,
  isValid,
  readForm,
  type FormRules,
  type FormValues,
  type IssueCode,
} from '@salon/shared/forms';

/** A message under a field: one of the shared issue texts, or the server's own words. */
export type FieldError = MessageDescriptor | string;

/** What the inputs hold: texts, and booleans for the boxes. */
export type RawValues = Record<string, string | boolean>;

/** The names and email every lead form starts with, from what the page knows of the user. */
export const namesAndEmailOf = (user: PageUser): RawValues => ({
  firstname: user.firstname ?? '',
  lastname: user.lastname ?? '',
  email: user.email ?? user.contact_email ?? '',
});

interface FormState {
  values: RawValues;
  touched: Readonly<Record<string, true>>;
  submitted: boolean;
  sending: boolean;
  /** The server's field errors, each until its field changes. */
  serverErrors: Readonly<Record<string, FieldError>>;
}

export interface FormView {
  values: RawValues;
  /** The message to show under each field (touched fields, all after a submit, and the server's). */
  errors: Readonly<Record<string, FieldError | undefined>>;
  valid: boolean;
  sending: boolean;
  /** Spec §5: Send is disabled while the form is invalid or sending. */
  canSend: boolean;
}

export interface LeadForm<R extends FormRules> {
  $view: ReadableAtom<FormView>;
  setField(name: keyof R & string, value: string | boolean): void;
  /** A text field was left: its message may show now. */
  touchField(name: keyof R & string): void;
  /**
   * Shows every message; when the form is valid, runs `send` with the cleaned values, sending meanwhile.
   * `send` answers the server's field errors, if any. Resolves whether `send` ran.
   */
  submit(send: (values: FormValues<R>) => Promise<Readonly<Record<string, FieldError>> | void>): Promise<boolean>;
}

export const issueMessage = (code: IssueCode): MessageDescriptor => ISSUE_MESSAGES[code];

/** A form's state and rules (spec §5), the same rules the server checks (`@salon/shared/forms`). */
export function createLeadForm<R extends FormRules>(rules: R, initial: RawValues): LeadForm<R> {
  const $state = atom<FormState>({ values: initial, touched: {}, submitted: false, sending: false, serverErrors: {} });
  const $view = computed($state, (state): FormView => {
    const issues: Partial<Record<string, IssueCode>> = checkForm(rules, state.values);
    const errors: Record<string, FieldError | undefined> = {};
    for (const field of Object.keys(rules)) {
      const issue = issues[field];
      const shown = issue && (state.submitted || state.touched[field]) ? issueMessage(issue) : undefined;
      errors[field] = shown ?? state.serverErrors[field];
    }
    const valid = isValid(issues);
    return { values: state.values, errors, valid, sending: state.sending, canSend: valid && !state.sending };
  });

  function update(change: (state: FormState) => Partial<FormState>): void {
    const state = $state.get();
    $state.set({ ...state, ...change(state) });
  }

  return {
    $view,
    setField(name, value) {
      update((state) => {
        const { [name]: _cleared, ...serverErrors } = state.serverErrors;
        // A box counts as touched once changed; a text field once left (no message while typing the first time).
        const touched = typeof value === 'boolean' ? { ...state.touched, [name]: true as const } : state.touched;
        return { values: { ...state.values, [name]: value }, touched, serverErrors };
      });
    },
    touchField(name) {
      update((state) => ({ touched: { ...state.touched, [name]: true } }));
    },
    async submit(send) {
      const state = $state.get();
      if (state.sending) return false;
      update(() => ({ submitted: true }));
      if (!$view.get().valid) return false;
      update(() => ({ sending: true, serverErrors: {} }));
      try {
        const serverErrors = await send(readForm(rules, $state.get().values));
        if (serverErrors) update(() => ({ serverErrors }));
      } finally {
        update(() => ({ sending: false }));
      }
      return true;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a form's call failed (spec §8 "Forms"). */
export type FormFailure =
  /** The server's errors for the form's own fields: shown under them. */
  | { kind: 'fields'; errors: Record<string, FieldError> }
  /** An HTTP 200 answer with `data.error` (or, where the form says so, any answer's `data.message`), or a rate limit's 429: the message. */
  | { kind: 'message'; message: string }
  /** Non-200, network, or an answer without a message: 'An error occured, see console for more information'. */
  | { kind: 'failed' };

/** The answer's `data` when the call failed with one (`ApiError.data`), else undefined. */
export function failureData(error: unknown): Record<string, unknown> | undefined {
  return error instanceof ApiError && isRecord(error.data) ? error.data : undefined;
}

export interface FailureOptions {
  /**
   * A non-200 answer's `data.message` counts as the server's message too (spec §8, stand contact request: "an error
   * shows a toast with the message"); otherwise a non-200 answer is the generic failure (contact and contest forms).
   */
  messageOfAnyStatus?: boolean;
}

/** Sorts a failed call out; `fields` are the form's fields (others' errors are not shown under anything). */
export function classifyFailure(error: unknown, fields: readonly string[], options: FailureOptions = {}): FormFailure {
  const data = failureData(error);
  const formErrors = isRecord(data?.formErrors) ? data.formErrors : {};
  const errors: Record<string, FieldError> = {};
  for (const [field, value] of Object.entries(formErrors)) {
    if (!fields.includes(field) || typeof value !== 'string' || value === '') continue;
    errors[field] = (ISSUE_CODES as readonly string[]).includes(value) ? issueMessage(value as IssueCode) : value;
  }
  if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  // Too many tries: the server says how long to wait, which the generic toast would not.
  const limited = rateLimitMessage(error);
  if (limited) return { kind: 'message', message: limited };
  const message = typeof data?.message === 'string' ? data.message.trim() : '';
  const carriesMessage =
    error instanceof ApiError && (error.kind === 'server' || (error.kind === 'http' && options.messageOfAnyStatus === true));
  if (carriesMessage && message !== '') return { kind: 'message', message };
  return { kind: 'failed' };
}

/** Spec §8: the form's call failed (non-200 or network); the API client has logged the details. */
export function toastCallFailed(): void {
  showToast({ kind: 'error', message: FORM_CALL_FAILED, unique: true });
}

/**
 * The stand contact request and the offer form (spec §8): field errors under the fields, a server message as a
 * toast, anything else the generic toast. Returns the field errors for `submit`.
 */
export function reportFailure(
  error: unknown,
  fields: readonly string[],
  options: FailureOptions = {},
): Record<string, FieldError> | undefined {
  const failure = classifyFailure(error, fields, options);
  if (failure.kind === 'fields') return failure.errors;
  if (failure.kind === 'message') showToast({ kind: 'error', message: failure.message, unique: true });
  else toastCallFailed();
  return undefined;
}
