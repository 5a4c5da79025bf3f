import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import {
  MEDIA_FILE_FIELD,
  MEDIA_KINDS,
  MediaUploadData,
  MediaUploadQuery,
  PanoramaData,
  PanoramaImageBody,
  PanoramaSlugParams,
  PanoramasData,
  type MediaKind,
} from '@salon/shared/contracts/medias';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';
import { declaredOver, formDataError } from '../../lib/form-data';
import { antivirusFor, type Antivirus } from '../../services/antivirus';
import { storeMedia, temporaryPath, type MediaContext, type Stored } from '../../services/media-uploads';
import {
  KIND_RULES,
  MEDIA_MAX_BYTES,
  findMedia,
  listPanoramas,
  mediaMessages,
  panoramaExists,
  removePanoramaImage,
  setPanoramaImage,
} from '../../services/medias';
import { apiViewer } from './auth';
import { mediaFileRoutes } from './media-files';
import { scoped } from '../../lib/plugin';

const errorCode = (err: unknown): unknown => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);
const isKind = (value: unknown): value is MediaKind => typeof value === 'string' && (MEDIA_KINDS as readonly string[]).includes(value);

/** Administrators and promoters (the room's panoramas); 401 without a session, 403 for everyone else. */
export async function requireBackOffice(request: FastifyRequest): Promise<UserRow> {
  const viewer = await apiViewer(request);
  if (viewer.user.anonymous === 1 || (viewer.user.profile !== 'administrator' && viewer.user.profile !== 'promoter'))
    throw forbidden(say(viewer.locale, msg`For administrators and organizers only`));
  return viewer.user;
}

/** Who may upload a kind (`?kind=`, or any kind when it is missing or wrong: the schema refuses it next). */
export async function requireUploader(request: FastifyRequest): Promise<{ user: UserRow; locale: LocaleCode }> {
  const viewer = await apiViewer(request);
  const query = request.query as Record<string, unknown> | undefined;
  const kind = query?.kind;
  const profiles = isKind(kind) ? KIND_RULES[kind].profiles : ['exhibitor', 'promoter', 'administrator'];
  if (viewer.user.anonymous === 1 || !profiles.includes(viewer.user.profile)) throw forbidden(mediaMessages.profile(viewer.locale));
  return { user: viewer.user, locale: viewer.locale };
}

export function mediaContext(request: FastifyRequest, antivirus: Antivirus | null): MediaContext {
  const app = request.server;
  // A panorama's upload whose scan ends may be the image of a place: the room frame's data is read again.
  return {
    db: app.db,
    uploadDir: app.config.uploadDir,
    antivirus,
    scanWaitMs: app.config.scanWaitMs,
    log: request.log,
    scanned: () => app.panoramas.refresh(),
  };
}

/**
 * Reads the one file of a multipart body (field `file`) to a temporary file, at most the kind's size, then checks,
 * stores and scans it. `fields` are the text fields sent before the file (the /admin/panoramas form's slug).
 */
export async function receiveMedia(
  request: FastifyRequest,
  kind: MediaKind,
  user: UserRow,
  locale: LocaleCode,
  antivirus: Antivirus | null,
  onFields?: (fields: Record<string, string>) => Promise<void> | void,
): Promise<Stored> {
  const rule = KIND_RULES[kind];
  const expected = say(locale, msg`Expected a file in the field "${MEDIA_FILE_FIELD}" (multipart/form-data)`);
  if (!request.isMultipart()) throw new HttpError(415, expected);
  const tooHeavy = () => new HttpError(413, mediaMessages.tooHeavy(locale, rule.maxBytes));
  if (declaredOver(request, rule.maxBytes)) throw tooHeavy();
  const upload = await temporaryPath(request.server.config.uploadDir);
  try {
    let part;
    try {
      part = await request.file({ limits: { fileSize: rule.maxBytes } });
    } catch (err) {
      if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw tooHeavy();
      throw formDataError(request, err, locale);
    }
    if (!part || part.fieldname !== MEDIA_FILE_FIELD) throw badRequest(expected, { [MEDIA_FILE_FIELD]: say(locale, msg`is required`) });
    if (onFields) {
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(part.fields)) {
        const one = Array.isArray(value) ? value[0] : value;
        if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
      }
      await onFields(fields);
    }
    try {
      await pipeline(part.file, fs.createWriteStream(upload, { flags: 'wx', mode: 0o640 }));
    } catch (err) {
      if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw tooHeavy();
      throw formDataError(request, err, locale);
    }
    // The size limit reached with the last chunk only marks the stream truncated, after the iterator has read it
    // (@fastify/multipart's toBuffer() misses it; inject sends the body in one piece and hides it).
    if (part.file.truncated) throw tooHeavy();
    return await storeMedia(mediaContext(request, antivirus), { kind, upload, originalName: part.filename, uploaderId: user.id, locale });
  } finally {
    await fs.promises.rm(upload, { force: true });
  }
}

const BACK_OFFICE = 'Administrators and promoters: 401 without a session, 403 for anonymous visitors, visitors and exhibitors.';

/** `POST /api/medias`, `GET /api/medias/{str}` and the panoramas' images (`/api/admin/panoramas`). */
export const mediasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  const antivirus = antivirusFor(app.config.clamavSocket);

  app.post(
    '/medias',
    {
      schema: {
        summary: `Uploads one file (multipart/form-data, field "${MEDIA_FILE_FIELD}"). kind=picture (JPEG, PNG, WebP, ${KIND_RULES.picture.maxBytes} bytes, at most 6000 px a side; exhibitors, promoters, administrators), video (MP4, WebM, ${KIND_RULES.video.maxBytes} bytes; the same), document (PDF, ${KIND_RULES.document.maxBytes} bytes; promoters, administrators), panorama (JPEG, PNG, WebP, ${KIND_RULES.panorama.maxBytes} bytes, equirectangular 2:1 within 1 %, 2048×1024 to 8192×4096; promoters, administrators). The type is read from the content; images are re-encoded without metadata. 201 with the media; 202 while the antivirus scan runs (with CLAMAV_SOCKET); 413 too heavy, 415 another type, 422 pixels, ratio or an infected file; 401/403 for other profiles.`,
        querystring: MediaUploadQuery,
        response: { 201: Envelope(MediaUploadData), 202: Envelope(MediaUploadData) },
      },
      config: {
        multipart: { file: MEDIA_FILE_FIELD, maxBytes: MEDIA_MAX_BYTES },
        // The chat's upload budgets (per address here, per user below), counted for this route on its own.
        rateLimit: app.limits.perAddress(app.config.rateLimits.chatUploadsPerAddress),
      },
      // The profile is checked before the query and the body: a visitor learns nothing and sends nothing.
      preValidation: [
        async (request: FastifyRequest) => void (await requireUploader(request)),
        app.limits.perUser(app.config.rateLimits.chatUploadsPerUser),
      ],
    },
    async (request, reply) => {
      const { user, locale } = await requireUploader(request);
      const stored = await receiveMedia(request, request.query.kind, user, locale, antivirus);
      if (stored.pending)
        return reply.code(202).send({ data: { media: stored.media, pending: true as const, message: mediaMessages.scanning(locale) } });
      return reply.code(201).send({ data: { media: stored.media } });
    },
  );
  await app.register(scoped(mediaFileRoutes));

  const guard = { preValidation: async (request: FastifyRequest) => void (await requireBackOffice(request)) };

  app.get(
    '/admin/panoramas',
    {
      ...guard,
      schema: {
        summary: `The room's panoramas (special ones, then stands) and their uploaded images. ${BACK_OFFICE}`,
        response: { 200: Envelope(PanoramasData) },
      },
    },
    async () => ({ data: { panoramas: await listPanoramas(app.db) } }),
  );

  app.put(
    '/admin/panoramas/:slug',
    {
      ...guard,
      schema: {
        summary: `Shows a media uploaded with kind=panorama instead of the drawn panorama, in every room opened after it (audit-logged). 404 for an unknown panorama, 400 for a media that is not a panorama. ${BACK_OFFICE}`,
        params: PanoramaSlugParams,
        body: PanoramaImageBody,
        response: { 200: Envelope(PanoramaData) },
      },
    },
    async (request) => {
      const actor = await requireBackOffice(request);
      const { locale } = await request.viewer();
      const { slug } = request.params;
      await applyPanoramaImage(request, actor, slug, request.body.media, locale);
      const [panorama] = await listPanoramas(app.db, slug);
      if (!panorama) throw notFound(say(locale, msg`Unknown panorama`));
      return { data: { panorama } };
    },
  );

  app.delete(
    '/admin/panoramas/:slug',
    {
      ...guard,
      schema: {
        summary: `Removes a panorama's uploaded image: the room draws it again (audit-logged; nothing to remove is no change). 404 for an unknown panorama. ${BACK_OFFICE}`,
        params: PanoramaSlugParams,
        response: { 200: Envelope(PanoramaData) },
      },
    },
    async (request) => {
      const actor = await requireBackOffice(request);
      const { locale } = await request.viewer();
      const { slug } = request.params;
      await clearPanoramaImage(request, actor, slug, locale);
      const [panorama] = await listPanoramas(app.db, slug);
      if (!panorama) throw notFound(say(locale, msg`Unknown panorama`));
      return { data: { panorama } };
    },
  );
};

/** Sets a panorama's image (`setPanoramaImage`: with its audit entry), once the panorama and the media are checked. */
export async function applyPanoramaImage(
  request: FastifyRequest,
  actor: UserRow,
  slug: string,
  str: string,
  locale: LocaleCode,
): Promise<void> {
  const db = request.server.db;
  if (!(await panoramaExists(db, slug))) throw notFound(say(locale, msg`Unknown panorama`));
  const media = await findMedia(db, str);
  if (!media || media.kind !== 'panorama')
    throw badRequest(say(locale, msg`This media is not a panorama: upload it with kind=panorama`), {
      media: say(locale, msg`is not a panorama`),
    });
  await setPanoramaImage(db, slug, media, actor.id);
  request.server.panoramas.refresh();
}

/** Removes a panorama's image (`removePanoramaImage`: with its audit entry), once the panorama is checked. */
export async function clearPanoramaImage(request: FastifyRequest, actor: UserRow, slug: string, locale: LocaleCode): Promise<void> {
  const db = request.server.db;
  if (!(await panoramaExists(db, slug))) throw notFound(say(locale, msg`Unknown panorama`));
  await removePanoramaImage(db, slug, actor.id);
  request.server.panoramas.refresh();
}
