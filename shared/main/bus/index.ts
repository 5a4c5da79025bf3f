export { $pageData, $user, $parameters, $features, initPageData, setPageData, isFeatureOn, type PageSettings } from './pageData';
export { $liveStream, applyLiveSettings, receiveLiveSettings, resetLiveSettings, LIVE_SETTINGS_EVENT } from './liveSettings';
export { $sidebar, showSidebar, hideSidebar, toggleSidebar, onSidebarHidden, type Sidebar, type SidebarName } from './sidebar';
export { $myAvailability, recordMyAvailability } from './myAvailability';
export { $modal, openModal, closeModal, onModalClosed, type Modal, type ModalName } from './modal';
export {
  startOpinionTimer,
  stopOpinionTimer,
  resetOpinionTimer,
  recordOpinionGiven,
  hasGivenOpinion,
  OPINION_COOKIE,
  OPINION_COOKIE_MAX_AGE,
} from './opinion';
export {
  $toasts,
  showToast,
  dismissToast,
  clearToasts,
  TOAST_AUTO_HIDE_MS,
  type Toast,
  type ToastInput,
  type ToastKind,
  type ToastMessage,
} from './toasts';
export {
  $notificationToasts,
  receiveNotifications,
  receiveLiveNotifications,
  onNewNotifications,
  dismissNotificationToast,
  showAllNews,
  resetNotifications,
  LIVE_NOTIFICATIONS_EVENT,
  SEEN_MEMORY_SIZE,
  type LiveNotification,
  type NotificationSource,
} from './notifications';
export { $locale, $localeSwitching, changeLocale, refreshLocale, setLocaleState } from './locale';
export { $consent, setConsent, acceptConsent, refuseConsent, clearConsent, CONSENT_COOKIE, CONSENT_MAX_AGE, type Consent } from './consent';
export {
  $journey,
  parseJourney,
  writeJourney,
  isJourneyEnabled,
  provideJourneyMachine,
  journeyMachineSlot,
  EMPTY_JOURNEY,
  type Journey,
  type MachineActions,
} from './journey';
