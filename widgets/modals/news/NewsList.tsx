import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale } from '@salon/shared';
import { $newsTimeZone, formatNewsDate, formatNewsTime, type TodaysNewsState } from '@salon/shared/notifications';
import { NewsItem } from './NewsItem';

/**
 * A news list as the modals show it: the items (with the day they were sent on when `withDate`), "Loading news…"
 * while a page loads, `empty` when there is none, or the error with Retry (`onRetry`).
 */
export function NewsList({
  label,
  list,
  withDate = false,
  empty,
  onRetry,
}: {
  label: string;
  list: TodaysNewsState;
  withDate?: boolean;
  empty: string;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const timeZone = useStore($newsTimeZone);
  return (
    <>
      {list.items.length > 0 && (
        <ul className="salon-news__list" aria-label={label} aria-busy={list.status === 'loading'}>
          {list.items.map((notification) => (
            <NewsItem
              key={notification.id_notification}
              notification={notification}
              locale={locale}
              sentOn={withDate ? formatNewsDate(notification.sent_at, locale, timeZone) : undefined}
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
      {list.status === 'ready' && list.items.length === 0 && <p className="salon-news__state">{empty}</p>}
      {list.status === 'error' && (
        <div className="salon-news__error" role="alert">
          {t`The news could not be loaded.`}
          <div className="salon-news__actions">
            <button type="button" className="salon-news__button" onClick={onRetry}>
              {t`Retry`}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
