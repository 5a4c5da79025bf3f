import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from '../lib/errors';
import { sameOriginRefusal } from '../lib/origin';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRequest hook: state-changing calls must come from this origin (runs before the body is even parsed).
 * `api`: X-Requested-With is always required (spec §7); `form`: plain HTML forms, Origin/Referer decide.
 */
export function sameOrigin(mode: 'api' | 'form'): onRequestAsyncHookHandler {
  return async function checkSameOrigin(request: FastifyRequest, _reply: FastifyReply) {
    if (!UNSAFE.has(request.method)) return;
    const refusal = sameOriginRefusal(request, mode === 'api');
    if (refusal) throw forbidden(refusal);
  };
}
