import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import {
  $newsTimeZone,
  $notificationList,
  formatNewsDate,
  formatNewsTime,
  loadMoreNotifications,
  retryNotificationList,
} from '@salon/shared/notifications';
import { NewsItem } from './NewsItem';
import { injectNewsStyles } from './styles';

/**
 * Every notification the organisers sent (spec §2.11 "room notifications"), newest first: the next page loads when
 * the end of the list scrolls into view (or with "Load more", for keyboards and browsers without
 * IntersectionObserver); a loading state while a page loads, an empty state, an error with Retry.
 */
export function RoomNotifications(_props: { modal: Extract<Modal, { name: 'room-notifications' }> }) {
  injectNewsStyles();
  const { t } = useLingui();
  const list = useStore($notificationList);
  const { locale } = useStore($locale);
  const timeZone = useStore($newsTimeZone);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = list.status === 'ready' && !list.complete;

  // A new observer after each page: its first report says whether the end is still in view (a page that did not
  // fill the box), so the next page loads without waiting for a scroll.
  useEffect(() => {
    const target = sentinel.current;
    if (!more || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreNotifications();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, list.page]);

  return (
    <ModalFrame name="room-notifications" title={t`News`}>
      {list.items.length > 0 && (
        <ul className="salon-news__list" aria-label={t`News`} aria-busy={list.status === 'loading'}>
          {list.items.map((notification) => (
            <NewsItem
              key={notification.id_notification}
              notification={notification}
              locale={locale}
              sentOn={formatNewsDate(notification.sent_at, locale, timeZone)}
              sentAt={formatNewsTime(notification.sent_at, timeZone)}
            />
          ))}
        </ul>
      )}
      {list.status === 'loading' && (
        <p className="salon-news__state" role="status">
          {t`Loading news…`}
        </p>
      )}
      {list.status === 'ready' && list.items.length === 0 && <p className="salon-news__state">{t`No news yet.`}</p>}
      {list.status === 'error' && (
        <div className="salon-news__error" role="alert">
          {t`The news could not be loaded.`}
          <div className="salon-news__actions">
            <button type="button" className="salon-news__button" onClick={retryNotificationList}>
              {t`Retry`}
            </button>
          </div>
        </div>
      )}
      {more && (
        <>
          <div ref={sentinel} className="salon-news__sentinel" />
          <div className="salon-news__actions">
            <button type="button" className="salon-news__button" onClick={loadMoreNotifications}>
              {t`Load more`}
            </button>
          </div>
        </>
      )}
    </ModalFrame>
  );
}
