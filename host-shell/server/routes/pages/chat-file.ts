import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import { ACCEPTED, contentDisposition, fileForUser } from '../../services/chat-files';
import { pathParam } from './kit';

/**
 * GET /chat/file/{filename}: a chat file, to the members of its channel only. Anyone else, and any unknown name,
 * gets the same 404 (a 403 would tell that the file exists). The type is the one detected at upload; the file is
 * never rendered as a page of this origin: attachment (images: inline), nosniff, and a CSP that allows nothing.
 */
export async function serveChatFile(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { user } = await request.viewer();
  const name = pathParam(request, 'filename');
  const file = user ? await fileForUser(request.server.db, name, user.id) : null;
  if (!file) throw notFound('Unknown file');
  const stream = fs.createReadStream(path.join(request.server.config.uploadDir, file.stored_name));
  const opened = await new Promise<boolean>((resolve) => {
    stream.once('open', () => resolve(true));
    stream.once('error', () => resolve(false));
  });
  if (!opened) {
    request.log.warn({ file: file.stored_name }, 'chat file missing from UPLOAD_DIR');
    throw notFound('Unknown file');
  }
  const image = ACCEPTED[file.extension]?.image === true;
  return (
    reply
      .header('Content-Type', file.mime)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(image ? 'inline' : 'attachment', file.original_name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Referrer-Policy', 'no-referrer')
      // Private: only members may read it; it never changes under its name.
      .header('Cache-Control', 'private, max-age=86400')
      .send(stream)
  );
}
