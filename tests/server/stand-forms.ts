/** The stand forms as a visitor fills them in (spec §4.5): Léa's contact request, Marc's request for an offer. */
import { STAND_CONTACT } from '@salon/shared/test/fixtures';

/** Her contact request: every required field, valid, and the data-sharing consent (the widgets' tests send it too). */
export const CONTACT = STAND_CONTACT;

/** Léa's details, as her lead keeps them. */
export const LEA = (({ data_sharing: _consent, ...details }) => details)(STAND_CONTACT);

/** Marc's request for the spring offer: the offer form's fields but the optional ones (code, comments, stand name). */
export const OFFER = {
  firstname: 'Marc',
  lastname: 'Petit',
  birthdate: '1985-02-03',
  phone: '0612345678',
  opt_in: true,
  subject: 'Offre_Printemps',
};
