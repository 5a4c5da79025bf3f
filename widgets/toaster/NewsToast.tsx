import { useStore } from '@nanostores/react';
import { Plural, useLingui } from '@lingui/react/macro';
import {
  $locale,
  dismissNotificationToast,
  IconButton,
  pickLocalized,
  showAllNews,
  VisuallyHidden,
  type LiveNotification,
} from '@salon/shared';
import { ToastMessage } from './ToastMessage';

/**
 * An organisers' notification (spec §4.7): title and message in the page's language (English fields for en_EN,
 * else French), as text. It stays until closed; "See all news" opens the room notifications.
 */
export function NewsToast({ notification }: { notification: LiveNotification }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const title = pickLocalized(locale, notification.title, notification.title_en);
  const message = pickLocalized(locale, notification.message, notification.message_en);
  return (
    <div className="salon-toast salon-toast--news">
      <span className="salon-toast__icon" aria-hidden="true">
        ★
      </span>
      <div className="salon-toast__body" role="status" aria-live="polite">
        <ToastMessage>
          <VisuallyHidden>{`${t`News:`} `}</VisuallyHidden>
          <strong className="salon-toast__title">{title}</strong>
          {message}
        </ToastMessage>
      </div>
      <div className="salon-toast__actions">
        <button type="button" className="salon-toast__action" onClick={showAllNews}>
          {t`See all news`}
        </button>
        <IconButton label={t`Close notification`} icon="×" onClick={() => dismissNotificationToast(notification.id_notification)} />
      </div>
    </div>
  );
}

/**
 * Several notifications at once: one toast that says how many there are and names the latest; "See all news"
 * opens the list (and closes them), × closes them all. A column of persistent toasts would cover the page.
 */
export function NewsSummaryToast({ notifications }: { notifications: readonly LiveNotification[] }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const latest = notifications[notifications.length - 1];
  const latestTitle = latest ? pickLocalized(locale, latest.title, latest.title_en) : '';
  const count = notifications.length;
  return (
    <div className="salon-toast salon-toast--news">
      <span className="salon-toast__icon" aria-hidden="true">
        ★
      </span>
      <div className="salon-toast__body" role="status" aria-live="polite">
        <ToastMessage>
          <strong className="salon-toast__title">
            <Plural value={count} one="# news item" other="# news items" />
          </strong>
          {t`Latest: ${latestTitle}`}
        </ToastMessage>
      </div>
      <div className="salon-toast__actions">
        <button type="button" className="salon-toast__action" onClick={showAllNews}>
          {t`See all news`}
        </button>
        <IconButton
          label={t`Close the news`}
          icon="×"
          onClick={() => notifications.forEach((n) => dismissNotificationToast(n.id_notification))}
        />
      </div>
    </div>
  );
}
