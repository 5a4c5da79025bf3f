/** The stand forms as a visitor fills them in (spec §4.5): Léa's contact request, Marc's request for an offer. */

/** Léa's details, as her lead keeps them. */
export const LEA = {
  firstname: 'Léa',
  lastname: 'Moreau',
  email: 'lea@example.org',
  phone: '+33 6 12 34 56 78',
  postal_code: '69003',
  city: 'Lyon',
};

/** Her contact request: every required field, valid, and the data-sharing consent. */
export const CONTACT = { ...LEA, data_sharing: true };

/** Marc's request for the spring offer: the offer form's fields but the optional ones (code, comments, stand name). */
export const OFFER = {
  firstname: 'Marc',
  lastname: 'Petit',
  birthdate: '1985-02-03',
  phone: '0612345678',
  opt_in: true,
  subject: 'Offre_Printemps',
};
