import { ApiError } from '@salon/shared';

/** The message a refused call carries (`{data: {error, message}}`), as the server words it. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const message = (error.data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/** The fields the server refused (`{data: {formErrors: {field: message}}}`), with its messages. */
export function formErrorsOf(error: unknown): Partial<Record<string, string>> {
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const formErrors = (error.data as { formErrors?: unknown }).formErrors;
    if (typeof formErrors === 'object' && formErrors !== null) {
      return Object.fromEntries(Object.entries(formErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
  }
  return {};
}
