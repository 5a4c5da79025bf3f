/**
 * Exhibitor fixtures for tests and stories: animators, companies, stands, room users and stand-history entries
 * shaped like the contract (shared/contracts/exhibitors.ts, room.ts). The page user of the fixtures is `u42x`.
 */
import type { Animator, Company, Stand } from '@salon/shared/contracts/exhibitors';
import type { HistoryItem, RoomUser } from '@salon/shared/contracts/room';
import type { ExhibitorProfileData } from '@salon/shared/contracts/profile';

/** A picture as a data URL: stories and tests need no network. */
export const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#9cc3e6"/><circle cx="32" cy="25" r="12" fill="#fff"/><rect x="14" y="41" width="36" height="23" rx="11" fill="#fff"/></svg>',
  );

export function animator(id: string, firstname: string, lastname: string, extra: Partial<Animator> = {}): Animator {
  return {
    id_user: id,
    obfuscated_id: id,
    firstname,
    lastname,
    pseudo: null,
    identifier: `${firstname.toLowerCase()}@acme.test`,
    profile: 'exhibitor',
    profileLabel: 'Exposant',
    function: 'Responsable commerciale',
    function_en: 'Sales manager',
    presentation: 'Je vous présente nos robots collaboratifs et nos solutions de maintenance prédictive pour l’industrie.',
    presentation_en: 'I present our collaborative robots and our predictive maintenance solutions for industry.',
    contact_email: `${firstname.toLowerCase()}@acme.test`,
    mobile: '+33 6 12 34 56 78',
    linkedin: `https://www.linkedin.com/in/${firstname.toLowerCase()}`,
    picturePath: PICTURE,
    videoPath: null,
    availability: true,
    last_activity_at: new Date().toISOString(),
    hidden: false,
    fields_param: {},
    visio_link: null,
    company: { name: 'Acme Robotics' },
    ...extra,
  };
}

export const ALICE_EXHIBITOR = animator('alice1', 'Alice', 'Durand');
export const BASILE_EXHIBITOR = animator('basile1', 'Basile', 'Roux', {
  function: 'Ingénieur',
  function_en: 'Engineer',
  picturePath: null,
});
export const CHLOE_EXHIBITOR = animator('chloe1', 'Chloé', 'Lemoine', {
  availability: false,
  presentation: 'Support technique.',
  presentation_en: 'Technical support.',
});

export function company(extra: Partial<Company> = {}): Company {
  return {
    id_company: 'c1',
    name: 'Acme Robotics',
    description: 'Robots collaboratifs pour les ateliers.\nInstallation et maintenance partout en France.',
    description_en: 'Collaborative robots for workshops.\nInstallation and maintenance across France.',
    website_link: 'https://acme.test',
    storage_link: 'https://acme.test/brochure.pdf',
    mobile: '+33 1 23 45 67 89',
    email: 'contact@acme.test',
    facebook_link: 'https://facebook.com/acme',
    linkedin_link: 'https://linkedin.com/company/acme',
    twitter_link: 'https://twitter.com/acme',
    youtube_link: 'https://youtube.com/@acme',
    ...extra,
  };
}

export const NO_INFO = { website_link: null, storage_link: null, mobile: null, email: null } satisfies Partial<Company>;
export const NO_SOCIAL = { facebook_link: null, linkedin_link: null, twitter_link: null, youtube_link: null } satisfies Partial<Company>;

export function stand(id: string, niceName: string, niceNameEn = niceName): Stand {
  return {
    id_stand: id,
    obfuscated_id: id,
    name: niceName,
    niceName,
    niceNameEn,
    panoramaSlug: `stand-${id}`,
    optin_marketing: null,
    company_id: 'c1',
  };
}

export function roomUser(id: string, fullname: string, extra: Partial<RoomUser> = {}): RoomUser {
  return {
    id_user: id,
    obfuscated_id: id,
    profile: 'visitor',
    fullname,
    pseudo: null,
    company: null,
    last_activity_at: new Date().toISOString(),
    ...extra,
  };
}

let sequence = 0;

/** A history entry of `standId`, `minutesAgo` before `now`. */
export function historyItem(
  standId: string,
  type: HistoryItem['content']['type'],
  user: RoomUser | undefined,
  minutesAgo: number,
  extra: Partial<HistoryItem['content']> & { id?: string; now?: number } = {},
): HistoryItem {
  sequence += 1;
  const { id = `h${sequence}`, now = Date.now(), ...content } = extra;
  return {
    id_history: id,
    obfuscated_id: id,
    stand_id: standId,
    stand_obfuscated_id: standId,
    created_at: new Date(now - minutesAgo * 60_000).toISOString(),
    content: { type, ...(user ? { user } : {}), ...content },
  };
}

/**
 * Claire Fontaine's card as `GET /api/exhibitors/me/profile` gives it (the card editor): every field filled and
 * published; `avatarUrl` is her picture's address.
 */
export function exhibitorProfile(avatarUrl: string): ExhibitorProfileData {
  return {
    profile: {
      function: 'Directrice commerciale',
      function_en: 'Sales director',
      presentation: 'Je vous aide à dimensionner une installation solaire adaptée à votre toiture et à votre consommation.',
      presentation_en: 'I help you size a solar installation suited to your roof and your consumption.',
      picture_path: null,
      video_path: null,
      contact_email: 'claire.fontaine@helios.example',
      mobile: '+33 4 76 00 11 22',
      linkedin: 'https://www.linkedin.com/in/claire-fontaine',
      visio_link: 'https://meet.example.com/helios-claire',
      published: { firstname: true, lastname: true, contact_email: true, mobile: true, linkedin: true, visio_link: true },
    },
    identity: {
      id_user: 'cl41re',
      firstname: 'Claire',
      lastname: 'Fontaine',
      pseudo: 'claire.helios',
      company: { name: 'Helios Énergie' },
      avatar_url: avatarUrl,
      hidden: false,
      fields_param: {},
    },
  };
}
