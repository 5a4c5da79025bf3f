/** An error meant for the client: its status and message are shown as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly formErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/* Each refusal is worded by its caller, in the reader's language (`say`): there is no English default. */
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const badRequest = (message: string, formErrors?: Record<string, string>) => new HttpError(400, message, formErrors);
