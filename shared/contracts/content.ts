import { Type, type Static } from '@sinclair/typebox';
import { Email, HttpUrl, Nullable, Phone, SingleLine } from './common';
import { Company } from './exhibitors';
import { ObfuscatedId } from './room';

/*
 * The event's content, managed by the organisers: companies, stands, exhibitor and promoter
 * accounts, under `/api/admin/…`. Administrators and promoters manage companies, stands and exhibitor accounts; only
 * administrators create, edit or remove promoter accounts.
 */

/** A text field that may be cleared: `''` or null clears it, a field left out keeps its value. */
const Clearable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Literal(''), Type.Null()]));
const LongText = Type.String({ maxLength: 5000 });
/** A company document uploaded here (`POST /api/medias?kind=document`): its same-origin address. */
export const COMPANY_DOCUMENT_PATTERN = '^/api/medias/[A-Za-z0-9_-]{24}$';
export const CompanyDocumentUrl = Type.String({ pattern: COMPANY_DOCUMENT_PATTERN, maxLength: 36 });

/** Every company-sheet field of spec §3 but the name. */
const companyFields = {
  description: Clearable(LongText),
  description_en: Clearable(LongText),
  website_link: Clearable(HttpUrl),
  /** The documents: a web address, or a document uploaded here (`/api/medias/<str>`, a served media of kind document). */
  storage_link: Type.Optional(Type.Union([HttpUrl, CompanyDocumentUrl, Type.Literal(''), Type.Null()])),
  mobile: Clearable(Phone),
  email: Clearable(Email),
  facebook_link: Clearable(HttpUrl),
  linkedin_link: Clearable(HttpUrl),
  twitter_link: Clearable(HttpUrl),
  youtube_link: Clearable(HttpUrl),
};

/** POST /api/admin/companies. The name is unique (409). */
export const CompanyCreateBody = Type.Object({ name: SingleLine(120), ...companyFields }, { additionalProperties: false });
export type CompanyCreateBody = Static<typeof CompanyCreateBody>;

/** PUT /api/admin/companies/{id}: the fields given change, the others stay. */
export const CompanyUpdateBody = Type.Object(
  { name: Type.Optional(SingleLine(120)), ...companyFields },
  { additionalProperties: false, minProperties: 1 },
);
export type CompanyUpdateBody = Static<typeof CompanyUpdateBody>;

export const COMPANY_FIELDS = ['name', ...Object.keys(companyFields)] as (keyof CompanyCreateBody)[];

/** A stand in short, as the lists show it. */
export const StandRef = Type.Object({ id_stand: ObfuscatedId, name: Type.String(), name_en: Type.String() });
export type StandRef = Static<typeof StandRef>;

/** A company as the organisers see it: the sheet, and the stands it holds. */
export const AdminCompany = Type.Composite([Company, Type.Object({ stands: Type.Array(StandRef) })]);
export type AdminCompany = Static<typeof AdminCompany>;

export const AdminCompanyData = Type.Object({ company: AdminCompany });
export type AdminCompanyData = Static<typeof AdminCompanyData>;
export const AdminCompaniesData = Type.Object({ companies: Type.Array(AdminCompany) });
export type AdminCompaniesData = Static<typeof AdminCompaniesData>;

/** `optin_marketing`: true or false for this stand, null for the global `stands_optin_marketing`. */
const standFields = {
  optin_marketing: Type.Optional(Nullable(Type.Boolean())),
  /** The stand's exhibitors (exhibitor accounts); the list replaces the current one. */
  owners: Type.Optional(Type.Array(ObfuscatedId, { maxItems: 200, uniqueItems: true })),
};

/** POST /api/admin/stands: French name (niceName), English name (niceNameEn), the company. */
export const StandCreateBody = Type.Object(
  { name: SingleLine(120), name_en: SingleLine(120), company_id: ObfuscatedId, ...standFields },
  { additionalProperties: false },
);
export type StandCreateBody = Static<typeof StandCreateBody>;

export const StandUpdateBody = Type.Object(
  {
    name: Type.Optional(SingleLine(120)),
    name_en: Type.Optional(SingleLine(120)),
    company_id: Type.Optional(ObfuscatedId),
    ...standFields,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type StandUpdateBody = Static<typeof StandUpdateBody>;

export const AccountRef = Type.Object({ id_user: ObfuscatedId, name: Type.String(), email: Nullable(Type.String()) });
export type AccountRef = Static<typeof AccountRef>;

/** What a stand holds that its removal would delete: open and past visits, history entries, leads. */
export const StandHoldings = Type.Object({ visits: Type.Integer(), history: Type.Integer(), leads: Type.Integer() });
export type StandHoldings = Static<typeof StandHoldings>;

export const AdminStand = Type.Object({
  id_stand: ObfuscatedId,
  name: Type.String(),
  niceName: Type.String(),
  niceNameEn: Type.String(),
  /** Read-only here: the panorama is uploaded in its own page. */
  panoramaSlug: Type.String(),
  optin_marketing: Nullable(Type.Boolean()),
  company: Type.Object({ id_company: ObfuscatedId, name: Type.String() }),
  owners: Type.Array(AccountRef),
  holds: StandHoldings,
});
export type AdminStand = Static<typeof AdminStand>;

export const AdminStandData = Type.Object({ stand: AdminStand });
export type AdminStandData = Static<typeof AdminStandData>;
export const AdminStandsData = Type.Object({ stands: Type.Array(AdminStand) });
export type AdminStandsData = Static<typeof AdminStandsData>;

export const ManagedProfile = Type.Union([Type.Literal('exhibitor'), Type.Literal('promoter')]);
export type ManagedProfile = Static<typeof ManagedProfile>;

/** At least 12 characters, never the demo password (checked by the server: `adminPasswordProblem`). */
export const InitialPassword = Type.String({ maxLength: 200 });

const accountFields = {
  firstname: Clearable(SingleLine(100)),
  lastname: Clearable(SingleLine(100)),
  function: Clearable(SingleLine(150)),
  function_en: Clearable(SingleLine(150)),
  /** Hidden accounts are not shown to visitors (spec §3 `hidden`). */
  hidden: Type.Optional(Type.Boolean()),
  visio_link: Clearable(HttpUrl),
  /** The stands the exhibitor animates (exhibitor accounts only); the list replaces the current one. */
  stands: Type.Optional(Type.Array(ObfuscatedId, { maxItems: 200, uniqueItems: true })),
};

/**
 * POST /api/admin/accounts: an exhibitor or promoter account. `password` empty or left out: one is generated and
 * answered once. The e-mail is unique (409).
 */
export const AccountCreateBody = Type.Object(
  { profile: ManagedProfile, email: Email, password: Type.Optional(InitialPassword), ...accountFields },
  { additionalProperties: false },
);
export type AccountCreateBody = Static<typeof AccountCreateBody>;

/** PUT /api/admin/accounts/{id}: `password` non-empty sets a new one (same rules); empty or left out keeps it. */
export const AccountUpdateBody = Type.Object(
  { email: Type.Optional(Email), password: Type.Optional(InitialPassword), ...accountFields },
  { additionalProperties: false, minProperties: 1 },
);
export type AccountUpdateBody = Static<typeof AccountUpdateBody>;

export const AdminAccount = Type.Object({
  id_user: ObfuscatedId,
  profile: ManagedProfile,
  email: Nullable(Type.String()),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  function: Nullable(Type.String()),
  function_en: Nullable(Type.String()),
  hidden: Type.Boolean(),
  visio_link: Nullable(Type.String()),
  stands: Type.Array(StandRef),
});
export type AdminAccount = Static<typeof AdminAccount>;

export const AdminAccountData = Type.Object({ account: AdminAccount });
export type AdminAccountData = Static<typeof AdminAccountData>;
/** The created account, and the generated password (shown once; null when the administrator typed one). */
export const AccountCreatedData = Type.Object({ account: AdminAccount, password: Nullable(Type.String()) });
export type AccountCreatedData = Static<typeof AccountCreatedData>;
export const AdminAccountsData = Type.Object({ accounts: Type.Array(AdminAccount) });
export type AdminAccountsData = Static<typeof AdminAccountsData>;

export const ContentIdParams = Type.Object({ id: ObfuscatedId });
export type ContentIdParams = Static<typeof ContentIdParams>;

export const RemovedData = Type.Object({ removed: Type.Literal(true) });
export type RemovedData = Static<typeof RemovedData>;

/** The audit log's actions of this part. */
export const CONTENT_AUDIT_ACTIONS = [
  'company.create',
  'company.update',
  'company.remove',
  'stand.create',
  'stand.update',
  'stand.remove',
  'account.create',
  'account.update',
  'account.remove',
] as const;
