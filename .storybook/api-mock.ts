/**
 * Storybook has no server: answer the API calls the stories make, so the language switch works live
 * ('ok') or fails like a broken server ('fail'), the room learns whether a live stream is on, and the
 * live activity stream sends one event and stays open. Anything else reaches the network untouched.
 */
export type ApiMode = 'ok' | 'fail';
/** What GET /api/stream/active answers ('pending': it never answers). */
export type StreamAnswer = { active: boolean; video_url: string | null; chat_url: string | null } | 'pending';

const realFetch = globalThis.fetch.bind(globalThis);
let mode: ApiMode = 'ok';
let stream: StreamAnswer = { active: false, video_url: null, chat_url: null };

export function setApiMode(next: ApiMode): void {
  mode = next;
}

export function setStreamAnswer(next: StreamAnswer): void {
  stream = next;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One liveActivity event, then an open stream (as the server keeps it). */
function liveActivity(): Response {
  const event = `event: liveActivity\nid: 1\ndata: ${JSON.stringify({ active_users: 128, chat_users: [] })}\n\n`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(event));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/api/')) return realFetch(input, init);
  if (pathname === '/api/sse/live/activity') return liveActivity();
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (mode === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
  if (pathname === '/api/locale' && request.method !== 'GET') {
    const body = (await request.json()) as { lang?: unknown };
    return json({ data: { locale: body.lang } });
  }
  if (pathname === '/api/locale') return json({ data: { locale: 'en_EN', multi: true } });
  if (pathname === '/api/stream/active') return stream === 'pending' ? new Promise<Response>(() => undefined) : json({ data: stream });
  if (pathname === '/api/users/me/active') return json({ data: { last_activity_at: new Date().toISOString() } });
  if (/^\/api\/stands\/[^/]+\/visit$/.test(pathname)) return json({ data: { stand_visit: null } });
  return json({ data: {} });
};
