import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildPageData } from '../../page-data/build';
import { importsPage } from '../../views/imports';
import { gate, pageContext, sendPage } from './kit';

/** GET /admin/imports: the CSV imports, for administrators and promoters (the API checks the same on every call). */
export async function showImports(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator', 'promoter'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const data = await buildPageData(request.server.db, user, ctx);
  return sendPage(reply, importsPage(ctx, data, request.server.config.spaUrl));
}
