import type { NotificationBody, NotificationCreated, NotificationsData } from '@salon/shared/contracts/notifications';
// By package name: this module is part of the `@salon/shared/notifications` entry, which must not carry a second API client.
import { request, type RequestOptions } from '@salon/shared';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams' | 'body'>;

/** GET /api/notifications?page=n: 10 per page, newest first; pages start at 1 (spec §4.7, §9). */
export function getNotifications(page = 1, options?: CallOptions): Promise<NotificationsData> {
  return request<NotificationsData>('GET', '/api/notifications', { ...options, searchParams: { page } });
}

/** POST /api/notifications: an organiser sends a notification now (to `users_ids`, or everyone). */
export function postNotification(json: NotificationBody, options?: CallOptions): Promise<NotificationCreated> {
  return request<NotificationCreated>('POST', '/api/notifications', { ...options, json });
}
