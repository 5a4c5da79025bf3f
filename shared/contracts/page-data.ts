/**
 * The data a host page injects at load (spec §3 "Data injected at page load") as
 * `<script type="application/json" id="salon-page-data">`. host-shell builds it; a PHP/Symfony page may too.
 * Version 1 of this contract: fields may be added, never renamed or removed.
 */
export const PAGE_DATA_ELEMENT_ID = 'salon-page-data';

export type Profile = 'administrator' | 'promoter' | 'exhibitor' | 'visitor';
/** A profile field's publication flag: '0' means published. */
export type FieldsParam = Record<string, '0' | '1'>;
export type LocaleCode = 'en_EN' | 'fr_FR';

/** The user's profile texts, as the database keeps them and the page data sends them: null where left empty. */
export interface ProfileTexts {
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  contact_email: string | null;
  mobile: string | null;
  postal_code: string | null;
  city: string | null;
  birthdate: string | null;
  linkedin: string | null;
}

export interface PageUser extends ProfileTexts {
  /** The obfuscated id (spec §3), the same as `obfuscated_id`: never the internal number. */
  id_user: string;
  obfuscated_id: string;
  profile: Profile;
  anonymous: boolean;
  hidden: boolean;
  availability: boolean;
  pseudo: string | null;
  fullname: string;
  visio_link: { link: string } | null;
  fields_param: FieldsParam;
  /** The journey as a JSON string (spec §3 User.journey). */
  journey: string | null;
  /** Absolute address of the user's profile page, null for the anonymous. */
  profileRoute: string | null;
  /** Absolute address of the user's own area (exhibitor, promoter, admin) or the room. */
  homeRoute: string;
  profileLabel: string;
  identifier: string;
  last_activity_at: string | null;
  last_visit: { stand_id: string } | null;
  company: { name: string } | null;
  /** Obfuscated ids of the stands the user owns (exhibitors). */
  stands: string[];
}

export interface SidebarStyle {
  opacity: number;
  blur: number;
}

export type SearchPermission =
  'exhibitor' | 'visitor' | 'promoter' | 'connected' | 'stand_vistor' | 'stand_exhibitor' | 'stand_promoter' | 'stand_connected';

export type UpcPriorityAction = 'chat' | 'mail' | 'mobile' | 'linkedin';

export interface AppParameters {
  room_name: string;
  room_name_en: string;
  social_title: string;
  social_title_en: string;
  social_description: string;
  social_description_en: string;
  social_image: string;
  room_desc: string;
  room_desc_en: string;
  form_text: string;
  /** true when the visitor is authenticated (spec §5 promoter contact form). */
  auth: boolean;
  ga_ua: string;
  stands_optin_marketing: boolean;
  /** The contest form's marketing box (spec §5: shown only if the contest marketing opt-in equals 1). */
  contest_optin_marketing: boolean;
  /**
   * The salon's contests: the names `POST /api/concours/{contest_name}` accepts (any case; the entry keeps this
   * spelling), so one visitor has one entry per contest. Spec §9: the default contest is 'default'.
   */
  contests: string[];
  styles: { sidebar: SidebarStyle };
  exhibitor_search_permissions: SearchPermission[];
  visitor_search_permissions: SearchPermission[];
  last_activity_period: number;
  exhibitor_activity_period_before_hide: number;
  exhibitor_force_visio_link: boolean;
  exhibitor_upc_priority_action: UpcPriorityAction;
  feedback_delay: number;
  gif_key: string;
}

/** Feature flags, '1' on and '0' off (spec: "feature flag journey is '1'"). */
export type Features = Record<string, '0' | '1'>;

export interface Lang {
  name: string;
  prefix_all: LocaleCode;
  flag: string;
}

export interface LocaleState {
  langs: Lang[];
  locale: LocaleCode;
  multilingual: boolean;
}

export interface PageData {
  version: 1;
  user: PageUser;
  last_ongoing_visit: { stand_id: string; started_at: string } | null;
  visited_stand_id: string | null;
  is_streaming: boolean;
  owned_stands_ids: string[];
  tracked_room_url: string;
  room_url: string;
  feedback_delay: number;
  parameters: AppParameters;
  features: Features;
  locale: LocaleState;
  /** The room route's base path, 'salon' (history mode). */
  base_path: string;
  /** The contests the user already entered (spec §5: one entry per contest), as the entries spell them. */
  contests_entered: string[];
}

/** Spec §5 "Field publication": a field shows only if it has a value and fields_param is empty or flags it '0'. */
export function isFieldPublished(
  value: string | null | undefined,
  field: string,
  fieldsParam: FieldsParam | unknown[] | null | undefined,
): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  // PHP serialises an empty map as [].
  if (!fieldsParam || Array.isArray(fieldsParam) || Object.keys(fieldsParam).length === 0) return true;
  return fieldsParam[field] === '0';
}

/** Spec §4.9: the opinion popup opens 1200 s after the page loaded unless the server says otherwise. */
export const DEFAULT_FEEDBACK_DELAY = 1200;

/** The parameters of a salon nobody has configured (the server's defaults, and the page's without page data). */
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
