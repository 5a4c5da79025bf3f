import {
  DEFAULT_FEEDBACK_DELAY,
  defaultParameters,
  type LocaleState,
  type PageData,
  type PageUser,
} from '@salon/shared/contracts/page-data';

export { DEFAULT_FEEDBACK_DELAY, defaultParameters };
import { DEFAULT_LANGS, detectBrowserLocale } from '../i18n/locales';

/** The user a page without (valid) page data gets: anonymous, no profile page. */

export function anonymousUser(): PageUser {
  return {
    id_user: '',
    obfuscated_id: '',
    profile: 'visitor',
    anonymous: true,
    hidden: false,
    availability: false,
    pseudo: null,
    fullname: '',
    firstname: null,
    lastname: null,
    email: null,
    contact_email: null,
    mobile: null,
    postal_code: null,
    city: null,
    birthdate: null,
    linkedin: null,
    visio_link: null,
    fields_param: {},
    journey: null,
    profileRoute: null,
    homeRoute: '/salon',
    profileLabel: '',
    identifier: '',
    last_activity_at: null,
    last_visit: null,
    company: null,
    stands: [],
  };
}

/** No locale from the server: the browser's language, both languages offered, no switcher. */
export function browserLocaleState(): LocaleState {
  return { langs: DEFAULT_LANGS, locale: detectBrowserLocale(), multilingual: false };
}

export function defaultPageData(): PageData {
  return {
    version: 1,
    user: anonymousUser(),
    last_ongoing_visit: null,
    visited_stand_id: null,
    is_streaming: false,
    owned_stands_ids: [],
    tracked_room_url: '',
    room_url: '',
    feedback_delay: DEFAULT_FEEDBACK_DELAY,
    parameters: defaultParameters(),
    features: {},
    locale: browserLocaleState(),
    base_path: 'salon',
    contests_entered: [],
  };
}
