import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, PATTERNS } from './common';
import { StreamData } from './room';

/**
 * The app parameters of spec §3 as an administrator changes them (`PUT /api/admin/parameters`, the `/admin` form):
 * any subset of the stored parameters (`auth` is the viewer's, never stored), each value checked; an unknown key is
 * refused. The server stores exactly what passes, so what `loadParameters` reads back is the same value.
 */
const Text = (maxLength: number) => Type.String({ maxLength });
const Line = (maxLength: number) => Type.String({ maxLength, pattern: PATTERNS.singleLine });
const SearchPermission = Type.Union(
  (['exhibitor', 'visitor', 'promoter', 'connected', 'stand_vistor', 'stand_exhibitor', 'stand_promoter', 'stand_connected'] as const).map(
    (p) => Type.Literal(p),
  ),
);
const Percent = Type.Number({ minimum: 0, maximum: 100 });
/** Seconds: at least 1, at most a day (an activity window). */
const Window = Type.Integer({ minimum: 1, maximum: 86400 });

export const PARAMETER_SCHEMAS = {
  room_name: Type.String({ minLength: 1, maxLength: 120, pattern: PATTERNS.singleLine }),
  room_name_en: Type.String({ minLength: 1, maxLength: 120, pattern: PATTERNS.singleLine }),
  social_title: Line(200),
  social_title_en: Line(200),
  social_description: Text(1000),
  social_description_en: Text(1000),
  /** An address: absolute http(s), or a path of this site; empty for none. */
  social_image: Type.String({ maxLength: 500, pattern: '^(|https?://[^\\s]+|/[^\\s]*)$' }),
  room_desc: Text(2000),
  room_desc_en: Text(2000),
  form_text: Text(2000),
  /** A Google Analytics id, or empty. */
  ga_ua: Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9-]*$' }),
  stands_optin_marketing: Type.Boolean(),
  contest_optin_marketing: Type.Boolean(),
  contests: Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), { minItems: 1, maxItems: 20, uniqueItems: true }),
  styles: Type.Object(
    { sidebar: Type.Object({ opacity: Percent, blur: Percent }, { additionalProperties: false }) },
    { additionalProperties: false },
  ),
  exhibitor_search_permissions: Type.Array(SearchPermission, { maxItems: 8, uniqueItems: true }),
  visitor_search_permissions: Type.Array(SearchPermission, { maxItems: 8, uniqueItems: true }),
  last_activity_period: Window,
  exhibitor_activity_period_before_hide: Window,
  exhibitor_force_visio_link: Type.Boolean(),
  exhibitor_upc_priority_action: Type.Union([Type.Literal('chat'), Type.Literal('mail'), Type.Literal('mobile'), Type.Literal('linkedin')]),
  /** Spec §4.9: seconds before the opinion popup; 0 turns it off. At most a week. */
  feedback_delay: Type.Integer({ minimum: 0, maximum: 604800 }),
  gif_key: Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' }),
};

export type ParameterKey = keyof typeof PARAMETER_SCHEMAS;
export const PARAMETER_KEYS = Object.keys(PARAMETER_SCHEMAS) as ParameterKey[];

/** PUT /api/admin/parameters: one parameter or more. */
export const ParametersPatch = Type.Partial(Type.Object(PARAMETER_SCHEMAS, { additionalProperties: false, minProperties: 1 }));
export type ParametersPatch = Static<typeof ParametersPatch>;

/** Every stored parameter (GET /api/admin/parameters, the `liveSettings` event). */
export const StoredParametersData = Type.Object(PARAMETER_SCHEMAS);

/** The feature flags an administrator can switch (spec: "feature flag journey is '1'"). */
export const FEATURE_NAMES = ['journey'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** PUT /api/admin/features: `{journey: true}` switches the journey on ('1'). */
export const FeaturesPatch = Type.Object({ journey: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 });
export type FeaturesPatch = Static<typeof FeaturesPatch>;

export const FeaturesData = Type.Record(Type.String(), Type.Union([Type.Literal('0'), Type.Literal('1')]));

/**
 * PUT /api/admin/stream: the live stream that replaces every visitor's room (spec §2.2, §3 "Stream"). Switching it on
 * needs a video address (the server refuses `active` without one, stored or given); the chat address is optional.
 * An empty string or null clears an address; a field left out keeps the stored one.
 */
export const StreamBody = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    video_url: Type.Optional(Type.Union([HttpUrl, Type.Literal(''), Type.Null()])),
    chat_url: Type.Optional(Type.Union([HttpUrl, Type.Literal(''), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type StreamBody = Static<typeof StreamBody>;

/** GET /api/admin/parameters */
export const AdminSettingsData = Type.Object({ parameters: StoredParametersData, features: FeaturesData, stream: StreamData });
export type AdminSettingsData = Static<typeof AdminSettingsData>;

/**
 * The live activity stream's third event (spec §4.8): the salon's settings, one serialised value for every stream.
 * Sent with the first state, and again each time an administrator changes a parameter, a feature flag or the
 * stream. Parameters are the stored ones (`auth` is the viewer's and stays as the page gave it).
 */
export const LiveSettings = Type.Object({ parameters: StoredParametersData, features: FeaturesData, stream: StreamData });
export type LiveSettings = Static<typeof LiveSettings>;
export const LIVE_SETTINGS_EVENT = 'liveSettings';
