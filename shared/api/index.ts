export { request, beacon, ApiError, serverErrorMessage, ERROR_MESSAGE_MAX_LENGTH, type ApiErrorKind, type Method, type RequestOptions } from './client';
export { getLangs, getLocale, putLocale } from './locale';
