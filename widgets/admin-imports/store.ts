import { atom } from 'nanostores';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, busSingleton, request } from '@salon/shared';
import type { ImportData, ImportKind } from '@salon/shared/contracts/imports';

/*
 * The imports' state machine (spec §5 "Uploads"), one per kind: idle → sending the file → preview (or the
 * server's refusal) → confirming → running (polled) → report. The component only renders it.
 */

/** The server's limit (`IMPORT_MAX_MB`, shared/contracts/imports.ts; a test checks they agree): a larger file is refused before it is sent. */
export const IMPORT_MAX_MB = 20;
/** How often a running import is asked for its progress. */
export const POLL_MS = 500;

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'sending'; fileName: string }
  /** A refusal: the server's message (in the person's language) or one of ours. */
  | { phase: 'error'; message: string | MessageDescriptor; data?: ImportData }
  | { phase: 'preview'; data: ImportData }
  | { phase: 'confirming'; data: ImportData }
  | { phase: 'running'; data: ImportData }
  | { phase: 'report'; data: ImportData };

export type ImportStates = Record<ImportKind, ImportState>;

const IDLE: ImportStates = { users: { phase: 'idle' }, visio_links: { phase: 'idle' } };

export const $imports = busSingleton('admin-imports', () => atom<ImportStates>(IDLE));

const PATHS: Record<ImportKind, string> = { users: '/api/users/import', visio_links: '/api/visio-links/import' };
const timers: Partial<Record<ImportKind, ReturnType<typeof setTimeout>>> = {};

function set(kind: ImportKind, state: ImportState): void {
  $imports.set({ ...$imports.get(), [kind]: state });
}

/** The server's message of a failed call, else ours. */
function messageOf(error: unknown, fallback: MessageDescriptor): string | MessageDescriptor {
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const message = (error.data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** Whether the preview has lines that the confirmation skips (the button then says so). */
export const linesToSkip = (data: ImportData): number => data.preview.missing.length + data.preview.invalid_count;

/** Sends the file for its preview (nothing is written until `confirmImport`). */
export async function previewImport(kind: ImportKind, file: File): Promise<void> {
  stopPolling(kind);
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) {
    set(kind, { phase: 'error', message: msg`The file is too heavy, maximum ${IMPORT_MAX_MB} MB` });
    return;
  }
  set(kind, { phase: 'sending', fileName: file.name });
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    const data = await request<ImportData>('POST', PATHS[kind], { body, notify: false, timeout: 120_000 });
    set(kind, { phase: 'preview', data });
  } catch (error) {
    set(kind, { phase: 'error', message: messageOf(error, msg`The file could not be sent. Please try again.`) });
  }
}

/** Runs the previewed import, skipping the listed lines (the person agreed by pressing the button that says so). */
export async function confirmImport(kind: ImportKind): Promise<void> {
  const state = $imports.get()[kind];
  if (state.phase !== 'preview') return;
  set(kind, { phase: 'confirming', data: state.data });
  const skip = { skip_missing: state.data.preview.missing.length > 0, skip_invalid: state.data.preview.invalid_count > 0 };
  try {
    const data = await request<ImportData>('POST', `/api/imports/${encodeURIComponent(state.data.id)}/confirm`, {
      json: skip,
      notify: false,
    });
    follow(kind, data);
  } catch (error) {
    set(kind, { phase: 'error', message: messageOf(error, msg`The import could not be started. Please try again.`), data: state.data });
  }
}

function follow(kind: ImportKind, data: ImportData): void {
  if (data.status !== 'running') {
    set(kind, { phase: 'report', data });
    return;
  }
  set(kind, { phase: 'running', data });
  timers[kind] = setTimeout(() => void poll(kind, data.id), POLL_MS);
}

async function poll(kind: ImportKind, id: string, failures = 0): Promise<void> {
  const current = $imports.get()[kind];
  if (current.phase !== 'running' || current.data.id !== id) return;
  try {
    follow(kind, await request<ImportData>('GET', `/api/imports/${encodeURIComponent(id)}`, { notify: false }));
  } catch {
    // A lost poll is asked again (the import runs on the server either way), a little later each time.
    timers[kind] = setTimeout(() => void poll(kind, id, failures + 1), POLL_MS * Math.min(2 ** (failures + 1), 16));
  }
}

function stopPolling(kind: ImportKind): void {
  clearTimeout(timers[kind]);
  delete timers[kind];
}

/** Back to the file picker (a preview left unconfirmed is forgotten by the server within the hour). */
export function resetImport(kind: ImportKind): void {
  stopPolling(kind);
  set(kind, { phase: 'idle' });
}

/** For the unit tests: a state as it would be reached. */
export function setImportState(kind: ImportKind, state: ImportState): void {
  stopPolling(kind);
  set(kind, state);
}
