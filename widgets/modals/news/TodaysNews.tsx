import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { openModal, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $todaysNews, retryTodaysNews } from '@salon/shared/notifications';
import { NewsList } from './NewsList';
import { injectNewsStyles } from './styles';

/** Today's news (spec §2.4): the notifications sent today in the visitor's time zone, each with its time (14h05). */
export function TodaysNews(_props: { modal: Extract<Modal, { name: 'todays-news' }> }) {
  injectNewsStyles();
  const { t } = useLingui();
  const today = useStore($todaysNews);
  return (
    <ModalFrame name="todays-news" title={t`Today’s news`}>
      <NewsList label={t`Today’s news`} list={today} empty={t`No news today yet.`} onRetry={retryTodaysNews} />
      <div className="salon-news__actions">
        <button type="button" className="salon-news__button" onClick={() => openModal({ name: 'room-notifications' })}>
          {t`See all news`}
        </button>
      </div>
    </ModalFrame>
  );
}
