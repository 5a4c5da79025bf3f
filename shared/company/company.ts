import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import { msg } from '@lingui/core/macro';
import type { Company } from '@salon/shared/contracts/exhibitors';
import { busSingleton, showToast, $sidebar, type Sidebar } from '@salon/shared';
// By package name: part of the main entry.
import { getCompany } from './api';

/** The company sheet (spec §2.5): the company of the sidebar slot (`GET /api/company/{id}`), and copying its links. */

export interface CompanySheetState {
  companyId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  company: Company | null;
}

export type CompanyEntryKey = 'website' | 'documents' | 'phone' | 'email' | 'facebook' | 'linkedin' | 'twitter' | 'youtube';
/** What a copy confirms (spec §2.5): the email, the phone number, or a link. */
export type CopyKind = 'email' | 'phone' | 'link';

export interface CompanyEntry {
  key: CompanyEntryKey;
  value: string;
  href: string;
  copy: CopyKind;
  /** A document uploaded to this salon (`/api/medias/<str>`, served as an attachment): downloaded, not opened. */
  download?: true;
}

export const EMAIL_COPIED = msg`The email has been copied`;
export const PHONE_COPIED = msg`The number has been copied`;
export const LINK_COPIED = msg`The link has been copied`;
export const COPY_FAILED = msg`An error occurred`;

const COPIED: Record<CopyKind, typeof EMAIL_COPIED> = { email: EMAIL_COPIED, phone: PHONE_COPIED, link: LINK_COPIED };

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function link(key: CompanyEntryKey, value: string | null | undefined): CompanyEntry[] {
  return present(value) ? [{ key, value: value.trim(), href: value.trim(), copy: 'link' }] : [];
}

/** A company document uploaded from `/admin/entreprises`: its same-origin address (spec §3 Company `storage_link`). */
const UPLOADED_DOCUMENT = /^\/api\/medias\/[A-Za-z0-9_-]{1,128}$/;

/** The documents link: a web address as it is, or an uploaded document made absolute on this page's origin. */
function documents(value: string | null | undefined): CompanyEntry[] {
  if (!present(value) || !UPLOADED_DOCUMENT.test(value.trim())) return link('documents', value);
  const absolute = new URL(value.trim(), globalThis.location?.href ?? 'http://localhost/').href;
  return [{ key: 'documents', value: absolute, href: absolute, copy: 'link', download: true }];
}

/** The info card (website, documents, phone, email) and the social card; a card shows only with an entry. */
export function companyEntries(company: Company): { info: CompanyEntry[]; social: CompanyEntry[] } {
  const info = [
    ...link('website', company.website_link),
    ...documents(company.storage_link),
    ...(present(company.mobile)
      ? [
          {
            key: 'phone' as const,
            value: company.mobile.trim(),
            href: `tel:${company.mobile.replace(/[^\d+]/g, '')}`,
            copy: 'phone' as const,
          },
        ]
      : []),
    ...(present(company.email)
      ? [{ key: 'email' as const, value: company.email.trim(), href: `mailto:${company.email.trim()}`, copy: 'email' as const }]
      : []),
  ];
  const social = [
    ...link('facebook', company.facebook_link),
    ...link('linkedin', company.linkedin_link),
    ...link('twitter', company.twitter_link),
    ...link('youtube', company.youtube_link),
  ];
  return { info, social };
}

/**
 * Copies a value and confirms it (spec §2.5): 'L'email a été copié', the number, else 'Le lien a été copié';
 * 'Une erreur est survenue' when the clipboard refuses (or does not exist: an insecure page).
 */
export async function copyToClipboard(value: string, kind: CopyKind): Promise<boolean> {
  try {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) throw new Error('No clipboard');
    await clipboard.writeText(value);
    showToast({ kind: 'success', message: COPIED[kind], unique: true });
    return true;
  } catch (error) {
    console.error('[salon] copy failed', error);
    showToast({ kind: 'error', message: COPY_FAILED, unique: true });
    return false;
  }
}

interface CompanyInternals {
  $state: WritableAtom<CompanySheetState>;
  controller: AbortController | null;
}

const IDLE: CompanySheetState = { companyId: null, status: 'idle', company: null };

const state = busSingleton<CompanyInternals>('companySheet', () => {
  const $state = atom<CompanySheetState>(IDLE);
  // Listening is what loads: the company of the sidebar slot, again each time it opens.
  onMount($state, () => {
    follow($sidebar.get());
    return $sidebar.listen(follow);
  });
  return { $state, controller: null };
});

export const $companySheet = readonlyType(state.$state);

async function load(companyId: string): Promise<void> {
  state.controller?.abort();
  const controller = new AbortController();
  state.controller = controller;
  const previous = state.$state.get();
  state.$state.set({ companyId, status: 'loading', company: previous.companyId === companyId ? previous.company : null });
  try {
    const data = await getCompany(companyId, { signal: controller.signal });
    if (state.controller !== controller) return;
    state.$state.set({ companyId, status: data?.company ? 'ready' : 'error', company: data?.company ?? null });
  } catch {
    if (state.controller !== controller) return;
    state.$state.set({ companyId, status: 'error', company: null });
  } finally {
    if (state.controller === controller) state.controller = null;
  }
}

function follow(sidebar: Sidebar | null): void {
  if (sidebar?.name === 'company-sheet') {
    void load(sidebar.companyId);
  } else if (state.$state.get().companyId !== null) {
    state.controller?.abort();
    state.controller = null;
    state.$state.set(IDLE);
  }
}

/** The error state's retry. */
export function reloadCompanySheet(): void {
  const { companyId } = state.$state.get();
  if (companyId) void load(companyId);
}
