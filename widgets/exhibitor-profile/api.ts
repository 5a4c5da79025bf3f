import { request } from '@salon/shared';
import type { ExhibitorProfileBody, ExhibitorProfileData } from '@salon/shared/contracts/profile';

/** The exhibitor card's calls (`shared/contracts/profile.ts`) and the uploads'. Types only from the schemas. */

export type { ExhibitorProfileBody, ExhibitorProfileData };

/** GET /api/exhibitors/me/profile */
export function getMyProfile(): Promise<ExhibitorProfileData> {
  return request<ExhibitorProfileData>('GET', '/api/exhibitors/me/profile', { notify: false });
}

/** PUT /api/exhibitors/me/profile: the widget shows the failure itself (field errors, or the message). */
export function putMyProfile(body: ExhibitorProfileBody): Promise<ExhibitorProfileData> {
  return request<ExhibitorProfileData>('PUT', '/api/exhibitors/me/profile', { json: body, notify: false });
}

export type MediaKind = 'picture' | 'video';

/** `POST /api/medias?kind=` answers the stored media (`/api/medias/{str}` serves it). */
export interface UploadedMedia {
  str: string;
  url: string;
  kind: MediaKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Uploads take longer than the API's 10 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** POST /api/medias?kind=picture|video, multipart field `file`. A refusal rejects with the server's message in `data`. */
export async function uploadMedia(kind: MediaKind, file: Blob, filename: string): Promise<UploadedMedia> {
  const body = new FormData();
  body.append('file', file, filename);
  const data = await request<{ media: UploadedMedia }>('POST', '/api/medias', {
    searchParams: { kind },
    body,
    timeout: UPLOAD_TIMEOUT_MS,
    notify: false,
  });
  return data.media;
}
