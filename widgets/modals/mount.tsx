import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useStore } from '@nanostores/react';
import { $locale, $modal, createMount, ensureLocale, registerCatalog, type CatalogLoader, type Modal, type ModalName } from '@salon/shared';

type ModalComponent<N extends ModalName> = ComponentType<{ modal: Extract<Modal, { name: N }> }>;

/**
 * A modal loaded with its group's messages the first time it opens: the page pays neither for a modal nobody
 * opened nor for the messages of the others. Registering the catalog keeps it loaded on a language switch.
 */
function loadModal<N extends ModalName>(
  catalog: string,
  messages: CatalogLoader,
  component: () => Promise<ModalComponent<N>>,
): LazyExoticComponent<ModalComponent<N>> {
  return lazy(async () => {
    registerCatalog(catalog, messages);
    // After the component: its modules may register catalogs of their own (the forms' messages).
    const Component = await component();
    await ensureLocale($locale.get().locale);
    return { default: Component };
  });
}

const leads: CatalogLoader = (locale) => import(`./leads/locales/${locale}/messages.ts`);
const engage: CatalogLoader = (locale) => import(`./engage/locales/${locale}/messages.ts`);
const news: CatalogLoader = (locale) => import(`./news/locales/${locale}/messages.ts`);

/** Every modal of spec §2.4, by its name in the modal slot. */
const MODALS: { [N in ModalName]: LazyExoticComponent<ModalComponent<N>> } = {
  'stand-contact-request': loadModal('modals/leads', leads, () => import('./leads/StandContactRequest').then((m) => m.StandContactRequest)),
  'offer-confirm': loadModal('modals/leads', leads, () => import('./leads/OfferConfirm').then((m) => m.OfferConfirm)),
  'offer-contact-info': loadModal('modals/leads', leads, () => import('./leads/OfferContactInfo').then((m) => m.OfferContactInfo)),
  contest: loadModal('modals/leads', leads, () => import('./leads/Contest').then((m) => m.Contest)),
  'offer-popup': loadModal('modals/leads', leads, () => import('./leads/OfferPopup').then((m) => m.OfferPopup)),
  feedback: loadModal('modals/engage', engage, () => import('./engage/Opinion').then((m) => m.Opinion)),
  'contact-organizer': loadModal('modals/engage', engage, () => import('./engage/ContactOrganizer').then((m) => m.ContactOrganizer)),
  'social-share': loadModal('modals/engage', engage, () => import('./engage/SocialShare').then((m) => m.SocialShare)),
  'screen-capture': loadModal('modals/engage', engage, () => import('./engage/ScreenCapture').then((m) => m.ScreenCapture)),
  confirm: loadModal('modals/engage', engage, () => import('./engage/Confirm').then((m) => m.Confirm)),
  'login-needed': loadModal('modals/engage', engage, () => import('./engage/LoginNeeded').then((m) => m.LoginNeeded)),
  'todays-news': loadModal('modals/news', news, () => import('./news').then((m) => m.TodaysNews)),
  'room-notifications': loadModal('modals/news', news, () => import('./news').then((m) => m.RoomNotifications)),
};

function OpenModal<N extends ModalName>({ modal }: { modal: Extract<Modal, { name: N }> }) {
  const Component = MODALS[modal.name as N] as LazyExoticComponent<ModalComponent<N>>;
  return <Component modal={modal} />;
}

const openings = new WeakMap<Modal, number>();
let opened = 0;
function openingKey(modal: Modal): number {
  let key = openings.get(modal);
  if (key === undefined) {
    opened += 1;
    key = opened;
    openings.set(modal, key);
  }
  return key;
}

/** The one modal slot (spec §2.4): whatever `$modal` holds, or nothing. */
export function ModalsSlot() {
  const modal = useStore($modal);
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      {/* A new key per opening: a modal opened again starts from an empty form. */}
      <OpenModal key={openingKey(modal)} modal={modal} />
    </Suspense>
  );
}

const mountModals = createMount('modals', ModalsSlot, {
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountModals(element, props);
}
