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
 * The organisers' notifications (spec §4.7), as one toast. One notification: its title and message in the page's
 * language (English fields for en_EN, else French), as text. Several: how many there are and the latest one's title
 * (a column of persistent toasts would cover the page). It stays until closed; "See all news" opens the room
 * notifications, × closes them all.
 */
export function NewsToast({ notifications }: { notifications: readonly LiveNotification[] }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const latest = notifications[notifications.length - 1];
  if (!latest) return null;
  const latestTitle = pickLocalized(locale, latest.title, latest.title_en);
  const count = notifications.length;
  const one = count === 1;
  return (
    <div className="salon-toast salon-toast--news">
      <span className="salon-toast__icon" aria-hidden="true">
        ★
      </span>
      <div className="salon-toast__body" role="status" aria-live="polite">
        <ToastMessage>
          {one && <VisuallyHidden>{`${t`News:`} `}</VisuallyHidden>}
          <strong className="salon-toast__title">
            {one ? latestTitle : <Plural value={count} one="# news item" other="# news items" />}
          </strong>
          {one ? pickLocalized(locale, latest.message, latest.message_en) : t`Latest: ${latestTitle}`}
        </ToastMessage>
      </div>
      <div className="salon-toast__actions">
        <button type="button" className="salon-toast__action" onClick={showAllNews}>
          {t`See all news`}
        </button>
        <IconButton
          label={one ? t`Close notification` : t`Close the news`}
          icon="×"
          onClick={() => notifications.forEach((n) => dismissNotificationToast(n.id_notification))}
        />
      </div>
    </div>
  );
}
