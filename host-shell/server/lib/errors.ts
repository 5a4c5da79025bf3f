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

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const badRequest = (message: string, formErrors?: Record<string, string>) => new HttpError(400, message, formErrors);
