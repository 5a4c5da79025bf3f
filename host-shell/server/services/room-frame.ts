/**
 * What the room frame shows, read from the database once per change of the content by `panoramas/images.ts`, which
 * keeps the frame's data per language for `routes/room-frame.ts` and draws every panorama of both languages ahead of
 * the visitors.
 */
import type { Kysely } from 'kysely';
import type { FrameLang, RoomFrameData } from '../../room-frame/data';
import type { Database } from '../db/schema';
import { encodeId } from '../lib/ids';
import { panoramaUploads } from './medias';
import { loadFeatures, loadParameters } from './settings';

export type RoomContent = Awaited<ReturnType<typeof loadRoomContent>>;

export async function loadRoomContent(db: Kysely<Database>) {
  const [panoramas, stands, parameters, features, uploads] = await Promise.all([
    db.selectFrom('panoramas').select(['slug', 'kind', 'name', 'name_en']).orderBy('id').execute(),
    db
      .selectFrom('stands')
      .innerJoin('companies', 'companies.id', 'stands.company_id')
      .select([
        'stands.id as id',
        'stands.name as name',
        'stands.name_en as name_en',
        'stands.panorama_slug as panorama',
        'stands.optin_marketing as optin_marketing',
        'companies.id as company_id',
        'companies.name as company_name',
      ])
      .orderBy('stands.id')
      .execute(),
    loadParameters(db),
    loadFeatures(db),
    panoramaUploads(db),
  ]);
  return { panoramas, stands, parameters, features, uploads };
}

/** The frame's data in `lang`, without its images (`PanoramaImages.sources` adds them). */
export function roomFrameData(content: RoomContent, lang: FrameLang, initialPanorama: string, hostOrigins: string[]): RoomFrameData {
  const { parameters } = content;
  return {
    version: 1,
    lang,
    initialPanorama,
    roomName: lang === 'en' ? parameters.room_name_en : parameters.room_name,
    panoramas: content.panoramas.map((p) => ({ slug: p.slug, kind: p.kind, name: p.name, name_en: p.name_en })),
    stands: content.stands.map((s) => ({
      id: encodeId(s.id),
      name: s.name,
      niceNameEn: s.name_en,
      panorama: s.panorama,
      companyId: encodeId(s.company_id),
      companyName: s.company_name,
      optinMarketing: s.optin_marketing === null ? parameters.stands_optin_marketing : s.optin_marketing === 1,
    })),
    images: {},
    hostOrigins,
    features: { journey: content.features.journey === '1' },
  };
}
