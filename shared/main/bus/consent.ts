import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '../singleton';
import { deleteCookie, readCookie, writeCookie } from '../platform/cookies';

/** Spec §4.12 "Cookie consent: accepted, or refused/unset" (analytics). */
export type Consent = 'accepted' | 'refused' | 'unset';

export const CONSENT_COOKIE = 'salon_consent';
/** Spec §9: about 7 years. */
export const CONSENT_MAX_AGE = 220_752_000;

function readConsent(): Consent {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'refused' ? value : 'unset';
}

const $slot = busSingleton('consent', () => atom<Consent>(readConsent()));

/** The visitor's analytics choice, read from the `salon_consent` cookie when the page starts. */
export const $consent = readonlyType($slot);

/** Records the choice for 220752000 s (SameSite=Lax, so it reaches the server on top-level navigations). */
export function setConsent(choice: 'accepted' | 'refused'): void {
  writeCookie(CONSENT_COOKIE, choice, { maxAge: CONSENT_MAX_AGE, sameSite: 'Lax' });
  $slot.set(choice);
}

export const acceptConsent = (): void => setConsent('accepted');
export const refuseConsent = (): void => setConsent('refused');

/** Forgets the choice: the banner asks again (a "change my choice" link, stories, tests). */
export function clearConsent(): void {
  deleteCookie(CONSENT_COOKIE, { sameSite: 'Lax' });
  $slot.set('unset');
}
