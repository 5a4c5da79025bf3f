import type { Kysely, Transaction } from 'kysely';
import { encodeId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { normalizeEmail } from '../services/users';
import { type Database, type NewUser, nowIso } from './schema';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_FEATURES, DEMO_PANORAMAS, DEMO_PARAMETERS, DEMO_PASSWORD } from './seed-data';
import { DEMO_EXHIBITORS, type DemoExhibitor } from './seed-exhibitors';
import { DEMO_NOTIFICATIONS } from './seed-notifications';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

async function upsertKeyValues(trx: Transaction<Database>, table: 'parameters' | 'features', entries: [string, unknown][]) {
  for (const [key, value] of entries) {
    await trx
      .insertInto(table)
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

async function idBy(
  trx: Transaction<Database>,
  table: 'companies' | 'stands',
  column: 'name' | 'panorama_slug',
  value: string,
): Promise<number> {
  const row =
    table === 'companies'
      ? await trx.selectFrom('companies').select('id').where('name', '=', value).executeTakeFirst()
      : await trx.selectFrom('stands').select('id').where('panorama_slug', '=', value).executeTakeFirst();
  if (!row) throw new Error(`seed: ${table} "${value}" not found after insert`);
  return row.id;
}

/** Inserts the user unless the email exists; returns the id either way. */
async function ensureUser(trx: Transaction<Database>, email: string, values: Omit<NewUser, 'email' | 'created_at'>): Promise<number> {
  const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return existing.id;
  return insertUserRow(trx, { ...values, email });
}

async function insertUserRow(trx: Transaction<Database>, values: Omit<NewUser, 'created_at'>): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({ ...values, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Pictures are SVG avatars generated from the public id (see routes/media.ts).
  if (values.profile === 'exhibitor')
    await trx
      .updateTable('users')
      .set({ picture_path: `/media/avatars/${encodeId(id)}.svg` })
      .where('id', '=', id)
      .execute();
  return id;
}

function exhibitorColumns(e: DemoExhibitor, domain: string) {
  const privateFields = new Set(['birthdate', ...(e.private ?? [])]);
  const fields = [
    'firstname',
    'lastname',
    'email',
    'contact_email',
    'mobile',
    'linkedin',
    'city',
    'postal_code',
    'birthdate',
    'visio_link',
  ];
  const handle = slugify(`${e.firstname} ${e.lastname}`);
  return {
    firstname: e.firstname,
    lastname: e.lastname,
    contact_email: `${handle}@${domain}.example`,
    linkedin: `https://www.linkedin.com/in/${handle.replace(/\./g, '-')}`,
    visio_link: e.visio ? `https://meet.example.com/${domain}-${handle.replace(/\./g, '-')}` : null,
    function: e.function,
    function_en: e.function_en,
    presentation: e.presentation,
    presentation_en: e.presentation_en,
    availability: e.availability,
    hidden: e.hidden,
    fields_param: JSON.stringify(Object.fromEntries(fields.map((f) => [f, privateFields.has(f) ? '1' : '0']))),
  };
}

export interface SeedOptions {
  /** scrypt cost for the demo passwords (lowered in tests). */
  scryptCost?: number;
  now?: Date;
}

/** The demo salon. Idempotent: rows found by their natural key (email, name, slug, key, title) are left as they are. */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  // Hashing is slow by design; do it before the transaction so it stays short.
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) hashes.set(account.email, await hashPassword(DEMO_PASSWORD, options.scryptCost));

  await db.transaction().execute(async (trx) => {
    await upsertKeyValues(trx, 'parameters', Object.entries(DEMO_PARAMETERS));
    await upsertKeyValues(
      trx,
      'features',
      Object.entries(DEMO_FEATURES).map(([k, on]) => [k, on ? '1' : '0']),
    );

    const panoramas = [
      ...DEMO_PANORAMAS,
      ...DEMO_COMPANIES.flatMap((c) => c.stands.map((s) => ({ slug: s.slug, kind: 'stand' as const, name: s.name, name_en: s.name_en }))),
    ];
    for (const p of panoramas) {
      await trx
        .insertInto('panoramas')
        .values(p)
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }

    const standIds = new Map<string, number>();
    for (const c of DEMO_COMPANIES) {
      const site = `https://www.${c.domain}.example`;
      await trx
        .insertInto('companies')
        .values({
          name: c.name,
          description: c.description,
          description_en: c.description_en,
          website_link: site,
          storage_link: `${site}/documents`,
          mobile: c.phone,
          email: `contact@${c.domain}.example`,
          facebook_link: `https://www.facebook.com/${c.domain}`,
          linkedin_link: `https://www.linkedin.com/company/${c.domain}`,
          twitter_link: `https://twitter.com/${c.domain.replace(/-/g, '_')}`,
          youtube_link: `https://www.youtube.com/@${c.domain}`,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const companyId = await idBy(trx, 'companies', 'name', c.name);
      for (const s of c.stands) {
        await trx
          .insertInto('stands')
          .values({
            name: s.name,
            name_en: s.name_en,
            panorama_slug: s.slug,
            optin_marketing: s.optin_marketing,
            company_id: companyId,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.column('panorama_slug').doNothing())
          .execute();
        standIds.set(s.slug, await idBy(trx, 'stands', 'panorama_slug', s.slug));
      }

      // The stand's own exhibitors (the demo accounts are merged in below, by name).
      for (const s of c.stands) {
        for (const e of DEMO_EXHIBITORS[s.slug] ?? []) {
          const account = DEMO_ACCOUNTS.find((a) => a.firstname === e.firstname && a.lastname === e.lastname && a.profile === 'exhibitor');
          const email = account?.email ?? `${slugify(`${e.firstname} ${e.lastname}`)}@${c.domain}.example`;
          const userId = await ensureUser(trx, email, {
            profile: 'exhibitor',
            anonymous: 0,
            ...exhibitorColumns(e, c.domain),
            pseudo: account?.pseudo ?? null,
            mobile: account?.mobile ?? c.phone,
            city: account?.city ?? null,
            postal_code: account?.postal_code ?? null,
            password_hash: account ? (hashes.get(account.email) ?? null) : null,
            // The demo's exhibitors chose French (a saved choice, shown as current in every switcher; they can change it).
            locale: 'fr_FR',
          });
          const owned = account?.stands ?? [s.slug];
          for (const slug of owned) {
            const standId = standIds.get(slug) ?? (await idBy(trx, 'stands', 'panorama_slug', slug));
            await trx
              .insertInto('stand_exhibitors')
              .values({ stand_id: standId, user_id: userId })
              .onConflict((oc) => oc.columns(['stand_id', 'user_id']).doNothing())
              .execute();
          }
        }
      }
    }

    for (const a of DEMO_ACCOUNTS.filter((a) => a.profile !== 'exhibitor')) {
      await ensureUser(trx, normalizeEmail(a.email), {
        profile: a.profile,
        anonymous: 0,
        firstname: a.firstname,
        lastname: a.lastname,
        pseudo: a.pseudo,
        contact_email: a.email,
        mobile: a.mobile,
        city: a.city,
        postal_code: a.postal_code,
        password_hash: hashes.get(a.email) ?? null,
        fields_param: JSON.stringify({ firstname: '0', lastname: '0', email: '0', mobile: '1', city: '0' }),
        locale: null,
      });
    }

    for (const n of DEMO_NOTIFICATIONS) {
      const exists = await trx.selectFrom('notifications').select('id').where('title', '=', n.title).executeTakeFirst();
      if (exists) continue;
      const { minutesAgo, ...row } = n;
      await trx
        .insertInto('notifications')
        .values({ ...row, sent_at: new Date(now.getTime() - minutesAgo * 60_000).toISOString() })
        .execute();
    }
  });
}
