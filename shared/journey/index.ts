/**
 * `@salon/shared/journey`: the journey's state machine (spec §4.1) and the sidebar's view of it. Its own entry: the
 * top bar's badge needs only `$journey` (`@salon/shared/room`), and the machine loads when the journey first changes.
 */
export {
  $journeyView,
  setVisiting,
  unsetVisiting,
  addToVisit,
  markVisited,
  removeVisiting,
  removeToVisit,
  removeVisited,
  resetJourney,
  JOURNEY_RETRY_MS,
  type JourneyStand,
  type JourneyView,
} from './journeyMachine';
export { putJourney } from './api';
