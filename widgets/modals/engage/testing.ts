/**
 * The engage modals' tests: the modals remote mounted as the loader does, one modal opened, the API answered.
 * Only tests import this file.
 */
import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { $toasts, activateLocale, clearToasts, closeModal, i18n, openModal, setPageData, type Modal, type PageDataInput } from '@salon/shared';
import { visitorPageData } from '@salon/shared/page-data/fixtures';
import { installFetch, jsonResponse, type RecordedRequest } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from '../mount';

/** What the fake server answers: `{data: …}` with HTTP 200 or another status, a network failure, or the raw body. */
export type Answer = { data: unknown; status?: number } | { body: unknown; status?: number } | 'network';

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let fetchMock: ReturnType<typeof installFetch> | undefined;
/** The answer of each path (`/api/nps`, `/api/partages`, `/contact`); others get `{data: {}}`. */
export const answers: Record<string, Answer> = {};

export function startServer(): void {
  for (const key of Object.keys(answers)) delete answers[key];
  fetchMock = installFetch(async (request) => {
    const answer = answers[new URL(request.url).pathname];
    if (!answer) return jsonResponse({ data: {} });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return jsonResponse('body' in answer ? answer.body : { data: answer.data }, { status: answer.status ?? 200 });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

/** Lets the calls and the lazy modal chunks settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export async function stopServer(): Promise<void> {
  await settle();
  widget?.unmount();
  widget = undefined;
  fetchMock?.restore();
  act(() => {
    closeModal();
    clearToasts();
  });
  jest.restoreAllMocks();
}

/** Mounts the modals remote for this page and opens `modal`; resolves with its dialog. */
export async function openEngageModal(modal: Modal, page: PageDataInput = visitorPageData()): Promise<HTMLElement> {
  setPageData(page);
  await act(() => activateLocale(page.locale?.locale ?? 'en_EN'));
  widget ??= await mountWidget(mount);
  act(() => openModal(modal));
  const dialog = await screen.findByRole('dialog');
  await settle();
  return dialog;
}

export function calls(): RecordedRequest[] {
  return fetchMock?.requests ?? [];
}

export const describeCall = (r: RecordedRequest): string => `${r.method} ${r.url.pathname}`;

export function toastTexts(kind?: string): string[] {
  return $toasts
    .get()
    .filter((toast) => kind === undefined || toast.kind === kind)
    .map((toast) => (typeof toast.message === 'string' ? toast.message : i18n._(toast.message)));
}
