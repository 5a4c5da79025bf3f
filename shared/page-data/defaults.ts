import type { AppParameters, LocaleState, PageData, PageUser } from './types';
import { DEFAULT_LANGS, detectBrowserLocale } from '../i18n/locales';

/** The user a page without (valid) page data gets: anonymous, no profile page. */
/** Spec §4.9: the opinion popup opens 1200 s after the page loaded unless the server says otherwise. */
export const DEFAULT_FEEDBACK_DELAY = 1200;

export function anonymousUser(): PageUser {
  return {
    id_user: 0,
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

export function defaultParameters(): AppParameters {
  return {
    room_name: 'Salon',
    room_name_en: 'Salon',
    social_title: '',
    social_title_en: '',
    social_description: '',
    social_description_en: '',
    social_image: '',
    room_desc: '',
    room_desc_en: '',
    form_text: '',
    auth: false,
    ga_ua: '',
    stands_optin_marketing: false,
    contest_optin_marketing: false,
    contests: ['default'],
    styles: { sidebar: { opacity: 100, blur: 0 } },
    exhibitor_search_permissions: [],
    visitor_search_permissions: [],
    last_activity_period: 900,
    exhibitor_activity_period_before_hide: 900,
    exhibitor_force_visio_link: false,
    exhibitor_upc_priority_action: 'chat',
    feedback_delay: DEFAULT_FEEDBACK_DELAY,
    gif_key: '',
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
  };
}
