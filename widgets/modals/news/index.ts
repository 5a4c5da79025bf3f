/** The news modals, loaded together: they share their list and its items, and one opens the other. */
export { RoomNotifications } from './RoomNotifications';
export { TodaysNews } from './TodaysNews';
