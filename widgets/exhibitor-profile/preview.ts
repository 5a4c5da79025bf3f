import { CARD_TEXT_FIELDS, type ExhibitorLike } from '@salon/shared/exhibitors';
import { PATTERNS } from '@salon/shared/forms';
import type { ExhibitorProfileBody, ExhibitorProfileData } from './api';

/**
 * The editor's values, the card they make (as a visitor sees it), and what the browser checks before a save (the
 * server checks the same: `shared/contracts/profile.ts`).
 */

export type CardField = keyof ExhibitorProfileBody['published'];
/** The card's fields whose publication the exhibitor chooses, in the form's order. */
export const CARD_FIELDS: readonly CardField[] = ['firstname', 'lastname', 'contact_email', 'mobile', 'linkedin', 'visio_link'];

export const FUNCTION_MAX = 100;
export const PRESENTATION_MAX = 1000;

/** The form's texts: the card's. */
export const TEXT_FIELDS = CARD_TEXT_FIELDS;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface ProfileForm {
  values: Record<TextField, string>;
  picture_path: string | null;
  video_path: string | null;
  published: Record<CardField, boolean>;
}

export function formOf(data: ExhibitorProfileData): ProfileForm {
  const { profile } = data;
  return {
    values: Object.fromEntries(TEXT_FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<TextField, string>,
    picture_path: profile.picture_path,
    video_path: profile.video_path,
    published: { ...profile.published },
  };
}

export function bodyOf(form: ProfileForm): ExhibitorProfileBody {
  const text = (field: TextField) => {
    const value = form.values[field].trim();
    return value === '' ? null : field.startsWith('presentation') ? form.values[field] : value;
  };
  return {
    function: text('function'),
    function_en: text('function_en'),
    presentation: text('presentation'),
    presentation_en: text('presentation_en'),
    contact_email: text('contact_email'),
    mobile: text('mobile'),
    linkedin: text('linkedin'),
    visio_link: text('visio_link'),
    picture_path: form.picture_path,
    video_path: form.video_path,
    published: { ...form.published },
  };
}

/**
 * The card of these values as visitors see it (the server's `toAnimator` for someone else): names and the video
 * link only when published, the contact channels flagged for the card's rule, the generated avatar without a
 * picture. `picture`: a picture to show instead (the cropped one before it is uploaded).
 */
export function previewCard(form: ProfileForm, identity: ExhibitorProfileData['identity'], picture?: string | null): ExhibitorLike {
  const { published } = form;
  const value = (field: TextField) => form.values[field].trim() || null;
  const visio = published.visio_link ? value('visio_link') : null;
  return {
    id_user: identity.id_user,
    obfuscated_id: identity.id_user,
    firstname: published.firstname ? identity.firstname : null,
    lastname: published.lastname ? identity.lastname : null,
    pseudo: identity.pseudo,
    profile: 'exhibitor',
    function: value('function'),
    function_en: value('function_en'),
    presentation: value('presentation'),
    presentation_en: value('presentation_en'),
    contact_email: value('contact_email'),
    mobile: value('mobile'),
    linkedin: value('linkedin'),
    fields_param: Object.fromEntries(CARD_FIELDS.map((field) => [field, published[field] ? '0' : '1'])),
    visio_link: visio ? { link: visio } : null,
    picturePath: picture ?? form.picture_path ?? identity.avatar_url,
    videoPath: form.video_path,
    availability: true,
    hidden: false,
    company: identity.company,
  };
}

export type IssueCode = 'email' | 'phone' | 'url' | 'tooLong' | 'characters';

const SINGLE_LINE = new RegExp(PATTERNS.singleLine);
const MULTI_LINE = new RegExp(PATTERNS.multiLine);
const EMAIL = new RegExp(PATTERNS.email);
const PHONE = new RegExp(PATTERNS.phone);
const HTTP_URL = new RegExp(PATTERNS.httpUrl);

const RULES: Record<TextField, { max: number; lines: RegExp; format?: [RegExp, IssueCode] }> = {
  function: { max: FUNCTION_MAX, lines: SINGLE_LINE },
  function_en: { max: FUNCTION_MAX, lines: SINGLE_LINE },
  presentation: { max: PRESENTATION_MAX, lines: MULTI_LINE },
  presentation_en: { max: PRESENTATION_MAX, lines: MULTI_LINE },
  contact_email: { max: 254, lines: SINGLE_LINE, format: [EMAIL, 'email'] },
  mobile: { max: 30, lines: SINGLE_LINE, format: [PHONE, 'phone'] },
  linkedin: { max: 500, lines: SINGLE_LINE, format: [HTTP_URL, 'url'] },
  visio_link: { max: 500, lines: SINGLE_LINE, format: [HTTP_URL, 'url'] },
};

/** What the browser refuses before a save (the same rules as the server's schema); empty when the form is fine. */
export function checkProfile(form: ProfileForm): Partial<Record<TextField, IssueCode>> {
  const issues: Partial<Record<TextField, IssueCode>> = {};
  for (const field of TEXT_FIELDS) {
    const rule = RULES[field];
    const raw = form.values[field];
    const value = field.startsWith('presentation') ? raw : raw.trim();
    if (value.trim() === '') continue;
    if (!rule.lines.test(value)) issues[field] = 'characters';
    else if (value.length > rule.max) issues[field] = 'tooLong';
    else if (rule.format && !rule.format[0].test(value)) issues[field] = rule.format[1];
  }
  return issues;
}
