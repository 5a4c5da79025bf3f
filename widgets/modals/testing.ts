/**
 * The modals' tests: the modals remote mounted as the loader does, one modal opened, the API answered.
 * Only tests import this file.
 */
import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import {
  $toasts,
  activateLocale,
  clearToasts,
  closeModal,
  i18n,
  openModal,
  setPageData,
  type Modal,
  type PageDataInput,
} from '@salon/shared';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { setContestScore } from '@salon/shared/room';
import { installFetch, jsonResponse, type RecordedRequest } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { setStands, type Stand } from '@salon/shared/exhibitors';
import { mount } from './mount';

/**
 * What the fake server answers: `{data: …}` (or a whole `body`, like the contest's `{statusCode, data}`) with HTTP 200
 * or another status, a network failure, or no answer until the test ends.
 */
export type Answer = { data: unknown; status?: number } | { body: unknown; status?: number } | 'network' | 'pending';

export interface Server {
  stands: Record<string, Stand>;
  /** By path (`/api/nps`, `/contact`) or by its last segment (`requestContact`, `default`); others get `{data: {}}`. */
  answers: Record<string, Answer>;
}

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let fetchMock: ReturnType<typeof installFetch> | undefined;
let pending: (() => void)[] = [];
export const server: Server = { stands: {}, answers: {} };

export function startServer(): void {
  server.stands = {};
  for (const key of Object.keys(server.answers)) delete server.answers[key];
  fetchMock = installFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/stands') return jsonResponse({ data: { stands: server.stands } });
    const answer = server.answers[pathname] ?? server.answers[pathname.split('/').pop() ?? ''];
    if (!answer) return jsonResponse({ data: {} });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'pending') {
      await new Promise<void>((resolve) => pending.push(resolve));
      return jsonResponse({ data: { error: false, message: 'ok' } });
    }
    return jsonResponse('body' in answer ? answer.body : { data: answer.data }, { status: answer.status ?? 200 });
  });
  // The client logs every server error answer (console.error, or console.warn when the form handles it itself).
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
}

/** Lets the calls and the lazy modal chunks settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export async function stopServer(): Promise<void> {
  for (const resolve of pending) resolve();
  pending = [];
  await settle();
  widget?.unmount();
  widget = undefined;
  fetchMock?.restore();
  act(() => {
    closeModal();
    clearToasts();
    setContestScore(null);
  });
  jest.restoreAllMocks();
}

/** Mounts the modals remote for this page and opens `modal`; resolves with its dialog. */
export async function openTestModal(modal: Modal, page: PageDataInput = visitorPageData()): Promise<HTMLElement> {
  setPageData(page);
  // The stands as GET /api/stands gives them (set directly: a new page data empties the store, and a store still
  // listened to a moment after the previous test would not load them again).
  setStands(server.stands);
  await act(() => activateLocale(page.locale?.locale ?? 'en_EN'));
  widget ??= await mountWidget(mount);
  act(() => openModal(modal));
  const dialog = await screen.findByRole('dialog');
  await settle();
  return dialog;
}

/** The calls other than the stands' list. */
export function calls(): RecordedRequest[] {
  return (fetchMock?.requests ?? []).filter((r) => r.url.pathname !== '/api/stands');
}

export const describeCall = (r: RecordedRequest): string => `${r.method} ${r.url.pathname}`;

export function toastTexts(kind?: string): string[] {
  return $toasts
    .get()
    .filter((toast) => kind === undefined || toast.kind === kind)
    .map((toast) => (typeof toast.message === 'string' ? toast.message : i18n._(toast.message)));
}
