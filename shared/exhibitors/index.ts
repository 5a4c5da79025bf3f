/**
 * `@salon/shared/exhibitors`: the exhibitors' part of the bus (spec §2.8 contact point, §2.9 exhibitor card,
 * §2.10 activity stream, §4.4 availability) and their API calls. A separate entry (like `@salon/shared/room` and
 * `@salon/shared/chat`) so that only the widgets that show exhibitors carry it. The company sheet's part is
 * `@salon/shared/company`.
 */
export { getAnimators, getStandHistory, putExhibitorAvailability, type StandHistoryData } from './api';
export type { Animator, Stand } from '@salon/shared/contracts/exhibitors';
export {
  PRESENTATION_MAX_LENGTH,
  CARD_TEXT_FIELDS,
  UNKNOWN_USER,
  ANONYMOUS_VISITOR,
  listedName,
  personId,
  personName,
  truncateText,
  contactEntries,
  mainAction,
  chatWith,
  type ExhibitorLike,
  type ContactChannel,
  type ContactEntry,
  type MainAction,
} from './exhibitor';
export {
  $availability,
  isAvailableWithin,
  setMyAvailability,
  toggleAvailability,
  setExhibitorAvailability,
  canChangeAvailability,
  type AvailabilityState,
} from './availability';
export {
  $standHistory,
  $clock,
  HISTORY_PAGE_SIZE,
  loadOlderHistory,
  resetStandHistory,
  mergeHistory,
  formatHourMinute,
  relativeTime,
  type StandHistoryView,
} from './history';
export { $stands, setStands, standName, getStands, type StandsState } from '@salon/shared/stands';
export {
  $contactPoint,
  toggleContactGroup,
  reloadContactPoint,
  requestStandContact,
  type ContactGroup,
  type ContactPointView,
} from './contactPoint';
export { ExhibitorCard, type ExhibitorCardProps } from './ExhibitorCard';
