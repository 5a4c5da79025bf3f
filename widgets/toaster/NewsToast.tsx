import type { ReactNode } from 'react';
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

/** What both news toasts are: the star, the message (announced politely), "See all news" and ×. */
function NewsToastFrame({ closeLabel, onClose, children }: { closeLabel: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="salon-toast salon-toast--news">
      <span className="salon-toast__icon" aria-hidden="true">
        ★
      </span>
      <div className="salon-toast__body" role="status" aria-live="polite">
        <ToastMessage>{children}</ToastMessage>
      </div>
      <div className="salon-toast__actions">
        <button type="button" className="salon-toast__action" onClick={showAllNews}>
          {t`See all news`}
        </button>
        <IconButton label={closeLabel} icon="×" onClick={onClose} />
      </div>
    </div>
  );
}

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
    <NewsToastFrame closeLabel={t`Close notification`} onClose={() => dismissNotificationToast(notification.id_notification)}>
      <VisuallyHidden>{`${t`News:`} `}</VisuallyHidden>
      <strong className="salon-toast__title">{title}</strong>
      {message}
    </NewsToastFrame>
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
    <NewsToastFrame
      closeLabel={t`Close the news`}
      onClose={() => notifications.forEach((n) => dismissNotificationToast(n.id_notification))}
    >
      <strong className="salon-toast__title">
        <Plural value={count} one="# news item" other="# news items" />
      </strong>
      {t`Latest: ${latestTitle}`}
    </NewsToastFrame>
  );
}
