/**
 * `@salon/shared/notifications`: the news lists of the modals (spec §2.11: every notification, paged; today's news)
 * and the notifications API calls. Its own entry: the toaster, which shows new notifications
 * (`$notificationToasts` in the main entry), does not carry the lists.
 */
export {
  $notificationList,
  $todaysNews,
  $newsTimeZone,
  setNewsTimeZone,
  loadMoreNotifications,
  retryNotificationList,
  retryTodaysNews,
  dayOf,
  formatSentAt,
  formatNewsTime,
  formatNewsDate,
  type NewsStatus,
  type NotificationListState,
  type TodaysNewsState,
} from './newsList';
export { getNotifications, postNotification } from './api';
export type { Notification, NotificationsData, NotificationBody } from '@salon/shared/contracts/notifications';
