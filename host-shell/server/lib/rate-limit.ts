import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { HttpError } from './errors';

/** What was refused: the wording differs (a form or a login is an attempt; the chat counts messages). */
export type LimitedAction = 'attempts' | 'messages';

/** "42 secondes" / "42 seconds" up to 90 s, then whole minutes rounded up ("15 minutes"). */
export function waitText(locale: LocaleCode, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 90) return say(locale, msg`${s} second${s > 1 ? 's' : ''}`);
  const m = Math.ceil(s / 60);
  return say(locale, msg`${m} minute${m > 1 ? 's' : ''}`);
}

/** The message of a refusal, in the person's language, saying how long to wait. */
export function tooManyText(locale: LocaleCode, seconds: number, action: LimitedAction = 'attempts'): string {
  const wait = waitText(locale, seconds);
  return action === 'messages'
    ? say(locale, msg`You are sending too many messages. Try again in ${wait}.`)
    : say(locale, msg`Too many attempts. Try again in ${wait}.`);
}

/**
 * A request over its budget: 429 with `Retry-After`. Thrown by the limits' hooks; the error handler words it in the
 * viewer's language and answers in the route's shape (`plugins/errors.ts`).
 */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterSeconds: number,
    readonly action: LimitedAction = 'attempts',
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, tooManyText('en_EN', seconds, action));
    this.name = 'TooManyRequests';
    this.retryAfterSeconds = seconds;
  }
}
