import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, dismissNotificationToast, IconButton, pickLocalized, showAllNews, VisuallyHidden, type LiveNotification } from '@salon/shared';

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
        <p className="salon-toast__message">
          <VisuallyHidden>{`${t`News:`} `}</VisuallyHidden>
          <strong className="salon-toast__title">{title}</strong>
          {message}
        </p>
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
