/**
 * Storybook has no server: answer the few API calls the stories make, so the language switch works
 * live ('ok') or fails like a broken server ('fail'). Anything else reaches the network untouched.
 */
export type ApiMode = 'ok' | 'fail';

const realFetch = globalThis.fetch.bind(globalThis);
let mode: ApiMode = 'ok';

export function setApiMode(next: ApiMode): void {
  mode = next;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/api/')) return realFetch(input, init);
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (mode === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
  if (pathname === '/api/locale' && request.method !== 'GET') {
    const body = (await request.json()) as { lang?: unknown };
    return json({ data: { locale: body.lang } });
  }
  if (pathname === '/api/locale') return json({ data: { locale: 'en_EN', multi: true } });
  return json({ data: {} });
};
