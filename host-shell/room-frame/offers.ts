/**
 * The stands' offers. Every stand can be asked for an offer ("Request an offer": showContactFormInfos); about one
 * stand in three also has a promotional offer, shown once per page when the visitor enters it (showPopupOffer).
 * The host page tracks `<subject>_Yes`, `_No` and `_Submit`, so the subject is a stable identifier, not a text.
 */
import { hashString } from './geometry';
import type { Stand } from './layout';

/** `offer_<the stand's panorama slug>`: the subject of its offer form and the name of its promotional offer. */
export const offerSubject = (stand: Pick<Stand, 'panorama'>): string => `offer_${stand.panorama}`;

/** Which stands have a promotional offer: fixed by the slug, so always the same ones. */
export const promotionOf = (stand: Pick<Stand, 'panorama'>): string | null =>
  hashString(`offer:${stand.panorama}`) % 3 === 1 ? offerSubject(stand) : null;

const REFERRAL = /^[A-Za-z0-9_-]{1,32}$/;

/** The partner's referral code of the frame's address (`?code_apporteur=`), passed on only when it looks like one. */
export function referralCode(search: string): string | undefined {
  const code = new URLSearchParams(search).get('code_apporteur');
  return code !== null && REFERRAL.test(code) ? code : undefined;
}
