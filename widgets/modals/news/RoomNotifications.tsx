import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $notificationList, loadMoreNotifications, retryNotificationList } from '@salon/shared/notifications';
import { NewsList } from './NewsList';
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
      <NewsList label={t`News`} list={list} withDate empty={t`No news yet.`} onRetry={retryNotificationList} />
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
