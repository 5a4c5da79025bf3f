/**
 * Storybook has no server: answer the API calls the stories make, so the language switch works live
 * ('ok') or fails like a broken server ('fail'), the room learns whether a live stream is on, the
 * live activity stream sends one event and stays open, and the chat finds the story's channels and people
 * (chat-mock.ts). Anything else reaches the network untouched.
 */
import { chatFixture, findChannel, store } from './chat-mock';
export type ApiMode = 'ok' | 'fail';
/** What GET /api/stream/active answers ('pending': it never answers). */
export type StreamAnswer = { active: boolean; video_url: string | null; chat_url: string | null } | 'pending';

const realFetch = globalThis.fetch.bind(globalThis);

/**
 * A request left unanswered on purpose (a loading state). Counted in `globalThis.__salonNeverAnswered`, so the
 * Storybook check (scripts/storybook/check.ts) waits for the story's other requests, not for this one.
 */
export function neverAnswered(): Promise<Response> {
  const counter = globalThis as { __salonNeverAnswered?: number };
  counter.__salonNeverAnswered = (counter.__salonNeverAnswered ?? 0) + 1;
  return new Promise<Response>(() => undefined);
}
let mode: ApiMode = 'ok';
let stream: StreamAnswer = { active: false, video_url: null, chat_url: null };

/**
 * What the exhibitors' endpoints answer (company sheet, contact point, activity stream): the company
 * (`'pending'`: never answers), the stand's animators, the stands, each stand's whole history (paged by
 * `?last=` like the server, 20 per page), and the live activity's fields.
 */
export interface ExhibitorAnswers {
  company?: unknown;
  animators?: unknown[];
  stands?: Record<string, unknown>;
  history?: Record<string, { obfuscated_id: string }[]>;
  live?: Record<string, unknown>;
  /** 'fail': PUT …/availability answers an error (the switch goes back). */
  availability?: 'ok' | 'fail';
}
let exhibitors: ExhibitorAnswers = {};

export function setExhibitorAnswers(next: ExhibitorAnswers): void {
  exhibitors = next;
}

function historyPage(standId: string, last: string | null): unknown[] {
  const all = exhibitors.history?.[standId] ?? [];
  const from = last ? all.findIndex((item) => item.obfuscated_id === last) + 1 : 0;
  return from === 0 && last ? [] : all.slice(from, from + 20);
}

export function setApiMode(next: ApiMode): void {
  mode = next;
}

/**
 * What the visitor's forms answer (the lead and engage modals), by the path's last segment: 'requestContact',
 * 'requestForminfo', the contest's name ('default'), 'nps', 'partages', 'contact'. A whole body with its status, or 'pending' (never answers).
 * Unset: `{data: {error: false}}`.
 */
export type FormAnswer = { status?: number; body: unknown } | 'pending';
let formAnswers: Record<string, FormAnswer> = {};

export function setFormAnswers(next: Record<string, FormAnswer>): void {
  formAnswers = next;
}

/**
 * The exhibitor's card editor: what GET /api/exhibitors/me/profile answers, what its PUT does ('ok': the card as
 * sent is saved, 'pending': never answers, or an answer), and what POST /api/medias answers for each kind ('ok': the
 * file is stored, or an answer: a refusal).
 */
export interface ProfileAnswers {
  profile?: { profile: Record<string, unknown>; identity: unknown };
  save?: 'ok' | FormAnswer;
  media?: Partial<Record<'picture' | 'video', 'ok' | Exclude<FormAnswer, 'pending'>>>;
}
let profileAnswers: ProfileAnswers = {};

export function setProfileAnswers(next: ProfileAnswers): void {
  profileAnswers = next;
}

async function profile(request: Request, searchParams: URLSearchParams): Promise<Response> {
  const current = profileAnswers.profile;
  if (request.method === 'GET') return json({ data: current });
  if (request.method === 'PUT') {
    const save = profileAnswers.save ?? 'ok';
    if (save === 'pending') return neverAnswered();
    if (save !== 'ok') return json(save.body, save.status);
    const body = (await request.json()) as Record<string, unknown>;
    profileAnswers = { ...profileAnswers, profile: { identity: current?.identity, profile: { ...current?.profile, ...body } } };
    return json({ data: profileAnswers.profile });
  }
  const kind = searchParams.get('kind') === 'video' ? 'video' : 'picture';
  const answer = profileAnswers.media?.[kind] ?? 'ok';
  if (answer !== 'ok') return json(answer.body, answer.status);
  const str = `story-${kind}`;
  return json({
    data: {
      media: {
        str,
        url: kind === 'picture' ? '/chat-image.svg' : `/api/medias/${str}`,
        kind,
        mime: kind === 'picture' ? 'image/jpeg' : 'video/mp4',
        size: 1000,
        width: null,
        height: null,
      },
    },
  });
}

export function setStreamAnswer(next: StreamAnswer): void {
  stream = next;
}

/**
 * What the back office's figures answer (the stats widget): a stand's figures by id (GET /api/analytics), the
 * attendance, and the live list of who is here (one usersActives event, then an open stream). 'pending': never
 * answers; 'fail': an error.
 */
export interface StatsAnswers {
  stands?: Record<string, unknown>;
  attendance?: unknown;
  actives?: unknown;
}
let stats: StatsAnswers = {};

export function setStatsAnswers(next: StatsAnswers): void {
  stats = next;
}

/**
 * What the programme and the meetings answer (issue 38): `GET /api/programme`, `GET /api/me/agenda`, a stand's slots,
 * the exhibitor's `GET /api/me/meetings`, and the answer to a booking (`POST /api/meetings`: its status and body, e.g.
 * 409 "This slot was just booked").
 */
export interface ProgrammeAnswers {
  programme?: unknown;
  agenda?: unknown;
  slots?: unknown[];
  booking?: { status: number; body: unknown };
  /** The exhibitor's meetings (the meetings widget's GET /api/me/meetings). */
  meetings?: unknown[];
}
let programme: ProgrammeAnswers = {};

export function setProgrammeAnswers(next: ProgrammeAnswers): void {
  programme = next;
}

function programmeAnswer(request: Request, pathname: string): Response | null {
  if (pathname === '/api/programme') return json({ data: programme.programme ?? { talks: [], time_zone: 'Europe/Paris' } });
  if (pathname === '/api/me/agenda') return json({ data: programme.agenda ?? { items: [] } });
  if (pathname === '/api/me/meetings') return json({ data: { meetings: programme.meetings ?? [] } });
  if (/^\/api\/stands\/[^/]+\/slots$/.test(pathname)) return json({ data: { slots: programme.slots ?? [] } });
  if (pathname === '/api/meetings' && request.method === 'POST' && programme.booking)
    return json(programme.booking.body, programme.booking.status);
  return null;
}

function statsAnswer(answer: unknown): Response | Promise<Response> {
  if (answer === 'pending') return neverAnswered();
  if (answer === 'fail' || answer === undefined)
    return json({ data: { error: true, message: 'The figures could not be computed (story).' } }, 500);
  return json({ data: answer });
}

function usersActives(): Response | Promise<Response> {
  if (stats.actives === 'pending') return neverAnswered();
  if (stats.actives === 'fail') return new Response('', { status: 503 });
  const event = `event: usersActives\nid: 1\ndata: ${JSON.stringify(stats.actives)}\n\n`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(event));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One liveActivity event, then an open stream (as the server keeps it). */
function liveActivity(): Response {
  // Each owned stand's 20 latest history entries, as the server sends them.
  const histories = Object.fromEntries(Object.entries(exhibitors.history ?? {}).map(([standId, items]) => [standId, items.slice(0, 20)]));
  const state = { active_users: 128, chat_users: [], ...(exhibitors.history ? { histories } : {}), ...exhibitors.live };
  const event = `event: liveActivity\nid: 1\ndata: ${JSON.stringify(state)}\n\n`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(event));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const { pathname, searchParams } = new URL(request.url);
  // POST /contact (the organizer contact) is a page route that also answers the widget's JSON.
  if (!pathname.startsWith('/api/') && !(pathname === '/contact' && request.method === 'POST')) return realFetch(input, init);
  if (pathname === '/api/sse/live/activity') return liveActivity();
  if (pathname === '/api/sse/users/actives') return usersActives();
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (mode === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
  if (pathname === '/api/locale' && request.method !== 'GET') {
    const body = (await request.json()) as { lang?: unknown };
    return json({ data: { locale: body.lang } });
  }
  if (pathname === '/api/locale') return json({ data: { locale: 'en_EN', multi: true } });
  if (pathname === '/api/stream/active') return stream === 'pending' ? neverAnswered() : json({ data: stream });
  if (pathname === '/api/users/me/active') return json({ data: { last_activity_at: new Date().toISOString() } });
  if (/^\/api\/stands\/[^/]+\/visit$/.test(pathname)) return json({ data: { stand_visit: null } });
  if (pathname.startsWith('/api/company/'))
    return exhibitors.company === 'pending' ? neverAnswered() : json({ data: { company: exhibitors.company } });
  if (/^\/api\/stands\/[^/]+\/animators$/.test(pathname)) return json({ data: { visited_stand_animators: exhibitors.animators ?? [] } });
  if (pathname === '/api/stands') return json({ data: { stands: exhibitors.stands ?? {} } });
  const history = /^\/api\/stands\/([^/]+)\/history$/.exec(pathname);
  if (history?.[1] && request.method === 'GET') return json({ data: { history: historyPage(history[1], searchParams.get('last')) } });
  if (/^\/api\/exhibitors\/[^/]+\/availability$/.test(pathname)) {
    if (exhibitors.availability === 'fail') return json({ data: { error: true, message: 'The availability could not be saved (story).' } });
    const body = (await request.json()) as { availability?: boolean; available?: boolean };
    return json({ data: { availability: body.availability ?? body.available ?? false } });
  }
  if (pathname.startsWith('/api/chat/')) return chat(request, pathname);
  if (pathname === '/api/exhibitors/me/profile' || (pathname === '/api/medias' && request.method === 'POST'))
    return profile(request, searchParams);
  const programmeCall = programmeAnswer(request, pathname);
  if (programmeCall) return programmeCall;
  if (pathname === '/api/analytics') return statsAnswer(stats.stands?.[searchParams.get('stand_id') ?? '']);
  if (pathname === '/api/analytics/attendance') return statsAnswer(stats.attendance);
  const form = request.method === 'POST' ? formAnswers[pathname.split('/').pop() ?? ''] : undefined;
  if (form) return form === 'pending' ? neverAnswered() : json(form.body, form.status);
  return json({ data: {} });
};

async function chat(request: Request, pathname: string): Promise<Response> {
  const fixture = chatFixture();
  if (pathname === '/api/chat/channels' && request.method === 'GET') return json({ data: { channels: fixture.channels } });
  if (pathname === '/api/chat/channels') {
    const body = (await request.json()) as { members?: string[]; id_channel?: string };
    const user = body.members?.[0];
    const channel = user !== undefined && user in fixture.byUser ? (fixture.byUser[user] ?? null) : findChannel(body.id_channel ?? '');
    return json({ data: { channel, messages: channel ? (fixture.messages[channel.obfuscated_id] ?? []) : [] } });
  }
  if (pathname === '/api/chat/users') return json({ data: fixture.users });
  const upload = /^\/api\/chat\/channels\/([^/]+)\/messages\/upload$/.exec(pathname);
  if (upload?.[1]) {
    const form = await request.formData();
    const file = form.get('file') as File;
    const content = {
      type: 'file' as const,
      url: '/chat/file/story.bin',
      filename: 'story.bin',
      prettyName: file.name,
      extension: file.name.split('.').pop() ?? '',
      downloadable: true,
      size: file.size,
      mime: file.type,
    };
    const message = {
      id_message: `up${Date.now()}`,
      obfuscated_id: `up${Date.now()}`,
      channel_id: upload[1],
      client_id: String(form.get('client_id')),
      member: findChannel(upload[1])!.members[0]!,
      created_at: new Date().toISOString(),
      updated_at: null,
      content,
    };
    store(message);
    return json({ data: { success: true, message: 'ok', file: content, chat_message: message } });
  }
  const messages = /^\/api\/chat\/channels\/([^/]+)\/messages$/.exec(pathname);
  if (messages?.[1]) return json({ data: { messages: fixture.messages[messages[1]] ?? [] } });
  return json({ data: {} });
}
