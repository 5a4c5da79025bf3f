import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { say } from '../i18n';
import { forbidden } from '../lib/errors';
import { isBeacon, sameOriginRefusal } from '../lib/origin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes `navigator.sendBeacon` posts: a text/plain body without X-Requested-With (a beacon
     * cannot set headers), accepted only when Origin or Referer names this server. Nothing else is relaxed.
     */
    beacon?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRequest hook: state-changing calls must come from this origin (runs before the body is even parsed).
 * `api`: X-Requested-With is always required (spec §7), except a beacon on a `beacon` route; `form`: plain
 * HTML forms, Origin/Referer decide.
 */
export function sameOrigin(mode: 'api' | 'form'): onRequestAsyncHookHandler {
  return async function checkSameOrigin(request: FastifyRequest, _reply: FastifyReply) {
    if (!UNSAFE.has(request.method)) return;
    const beacon = mode === 'api' && request.routeOptions.config.beacon === true && isBeacon(request);
    const refusal = beacon ? sameOriginRefusal(request, false, true) : sameOriginRefusal(request, mode === 'api');
    if (refusal) throw forbidden(say((await request.viewer()).locale, refusal));
  };
}
