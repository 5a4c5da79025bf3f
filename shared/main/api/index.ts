export {
  request,
  beacon,
  ApiError,
  serverErrorMessage,
  rateLimitMessage,
  TOO_MANY_REQUESTS,
  ERROR_MESSAGE_MAX_LENGTH,
  type ApiErrorKind,
  type Method,
  type RequestOptions,
} from './client';
export { getLangs, getLocale, putLocale } from './locale';
export { putMyAvailability } from './availability';
