/**
 * Page data for stories and tests, one per kind of user the spec names (import them from
 * `@salon/shared/test/fixtures`; they are not part of the package's main entry).
 */
import type { Profile } from '@salon/shared/contracts/page-data';
import type { PageDataInput } from '@salon/shared';
import type { Meeting } from '@salon/shared/contracts/meetings';
import type { Notification } from '@salon/shared/contracts/notifications';
import type { UsersActivesData } from '@salon/shared/contracts/backoffice';

const LANGS = [
  { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
  { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
] as const;

const ORIGIN = 'http://localhost';

function base(profile: Profile, overrides: PageDataInput['user'] = {}): PageDataInput {
  return {
    version: 1,
    user: {
      id_user: 'u42x',
      obfuscated_id: 'u42x',
      profile,
      anonymous: false,
      fullname: 'Camille Martin',
      firstname: 'Camille',
      lastname: 'Martin',
      profileRoute: `${ORIGIN}/profil`,
      homeRoute: `${ORIGIN}/salon`,
      ...overrides,
    },
    parameters: {
      room_name: 'Salon de l’innovation',
      room_name_en: 'Innovation Fair',
      styles: { sidebar: { opacity: 85, blur: 6 } },
    },
    features: { journey: '1' },
    locale: { langs: [...LANGS], locale: 'en_EN', multilingual: true },
    room_url: `${ORIGIN}/room/`,
    tracked_room_url: `${ORIGIN}/room/?tracked=1`,
    base_path: 'salon',
  };
}

export const visitorPageData = (): PageDataInput => base('visitor');
export const anonymousPageData = (): PageDataInput =>
  base('visitor', { id_user: '', obfuscated_id: '', anonymous: true, fullname: '', firstname: null, lastname: null, profileRoute: null });
export const exhibitorPageData = (): PageDataInput => base('exhibitor', { homeRoute: `${ORIGIN}/exposant`, stands: ['s1'] });
export const promoterPageData = (): PageDataInput => base('promoter', { homeRoute: `${ORIGIN}/organisateur` });
export const administratorPageData = (): PageDataInput => base('administrator', { homeRoute: `${ORIGIN}/admin` });

/** The page data above by profile, for a table of cases. */
export const PAGE_DATA = {
  visitor: visitorPageData,
  anonymous: anonymousPageData,
  exhibitor: exhibitorPageData,
  promoter: promoterPageData,
  administrator: administratorPageData,
} as const;

export function withLocale(data: PageDataInput, locale: 'en_EN' | 'fr_FR', multilingual = true): PageDataInput {
  return { ...data, locale: { langs: [...LANGS], locale, multilingual } };
}

/** The user's journey as the page data carries it (JSON with the spec's `vistingStand`, or null) and the journey flag. */
export function withJourney(data: PageDataInput, journey: string | null, flag: '0' | '1' = '1'): PageDataInput {
  return { ...data, user: { ...data.user, journey }, features: { journey: flag } };
}

/** An organisers' news item as `GET /api/notifications` lists it: `Titre n` / `Title n`, `Message n` / `Message n in English`. */
export const newsItem = (id: number, sentAt: string): Notification => ({
  id_notification: id,
  title: `Titre ${id}`,
  title_en: `Title ${id}`,
  at: '',
  at_en: '',
  message: `Message ${id}`,
  message_en: `Message ${id} in English`,
  sent_at: sentAt,
});

/**
 * A meeting as `GET /api/me/meetings` lists it: Vera Visitor's request to Chloé Martin on Helios Stockage, 12 March
 * 2026 at 13:00 UTC for 20 minutes, seen from the exhibitor's side; `over` changes what a test or story needs.
 */
export const meetingOf = (over: Partial<Meeting> = {}): Meeting => ({
  id: 'm1',
  slot_id: 'sl1',
  stand_id: 's1',
  stand_name: 'Helios Stockage',
  start: '2026-03-12T13:00:00.000Z',
  end: '2026-03-12T13:20:00.000Z',
  status: 'requested',
  message: 'About your home batteries',
  reason: null,
  visitor: { id: 'u2', fullname: 'Vera Visitor' },
  exhibitor: { id: 'u1', fullname: 'Chloé Martin' },
  role: 'exhibitor',
  video_link: null,
  ...over,
});

/** A complete stand contact request (spec §5) as a visitor fills it in, the data-sharing consent given. */
export const STAND_CONTACT = {
  firstname: 'Léa',
  lastname: 'Moreau',
  email: 'lea@example.org',
  phone: '+33 6 12 34 56 78',
  postal_code: '69003',
  city: 'Lyon',
  data_sharing: true,
};

/** An anonymous visitor as `GET /api/users/actives` lists them: no name, `anonymous: true`, active at `at`. */
export const anonymousActive = (id: string, at: string): UsersActivesData['users'][number] => ({
  id_user: id,
  obfuscated_id: id,
  profile: 'visitor',
  fullname: '',
  pseudo: null,
  company: null,
  last_activity_at: at,
  anonymous: true,
  city: null,
});
