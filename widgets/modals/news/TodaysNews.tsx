import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, openModal, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $newsTimeZone, $todaysNews, formatNewsTime, retryTodaysNews } from '@salon/shared/notifications';
import { NewsItem } from './NewsItem';
import { injectNewsStyles } from './styles';

/** Today's news (spec §2.4): the notifications sent today in the visitor's time zone, each with its time (14h05). */
export function TodaysNews(_props: { modal: Extract<Modal, { name: 'todays-news' }> }) {
  injectNewsStyles();
  const { t } = useLingui();
  const today = useStore($todaysNews);
  const { locale } = useStore($locale);
  const timeZone = useStore($newsTimeZone);
  return (
    <ModalFrame name="todays-news" title={t`Today’s news`}>
      {today.items.length > 0 && (
        <ul className="salon-news__list" aria-label={t`Today’s news`} aria-busy={today.status === 'loading'}>
          {today.items.map((notification) => (
            <NewsItem
              key={notification.id_notification}
              notification={notification}
              locale={locale}
              sentAt={formatNewsTime(notification.sent_at, timeZone)}
            />
          ))}
        </ul>
      )}
      {today.status === 'loading' && (
        <p className="salon-news__state" role="status">
          {t`Loading news…`}
        </p>
      )}
      {today.status === 'ready' && today.items.length === 0 && <p className="salon-news__state">{t`No news today yet.`}</p>}
      {today.status === 'error' && (
        <div className="salon-news__error" role="alert">
          {t`The news could not be loaded.`}
          <div className="salon-news__actions">
            <button type="button" className="salon-news__button" onClick={retryTodaysNews}>
              {t`Retry`}
            </button>
          </div>
        </div>
      )}
      <div className="salon-news__actions">
        <button type="button" className="salon-news__button" onClick={() => openModal({ name: 'room-notifications' })}>
          {t`See all news`}
        </button>
      </div>
    </ModalFrame>
  );
}
