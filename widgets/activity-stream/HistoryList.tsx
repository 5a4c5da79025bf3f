import type { UIEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { $locale } from '@salon/shared';
import type { HistoryItem } from '@salon/shared/room';
import { $clock, formatHourMinute, listedName, loadOlderHistory, relativeTime } from '@salon/shared/exhibitors';
import type { OwnedStandView } from './store';

/** What happened, in words (spec §3 "Stand history item"). */
export function historyText(item: HistoryItem, i18n: I18n): string {
  const name = listedName(item.content.user, i18n);
  switch (item.content.type) {
    case 'enterOnStand':
      return i18n._(msg`${name} entered the stand`);
    case 'leaveStand':
      return i18n._(msg`${name} left the stand`);
    case 'updateAvailability':
      return item.content.availability ? i18n._(msg`${name} is now available`) : i18n._(msg`${name} is now unavailable`);
    case 'chatStarted':
      return i18n._(msg`${name} started a chat`);
    case 'visioOpened':
      return i18n._(msg`${name} opened a video call`);
  }
}

export interface HistoryLinesProps {
  items: HistoryItem[];
  /** The stand's name on each line (the user owns several stands). */
  stands: OwnedStandView[] | null;
}

/** History lines: time as HHhMM, relative time, the stand when several, what happened. */
export function HistoryLines({ items, stands }: HistoryLinesProps) {
  const { t, i18n } = useLingui();
  const { locale } = useStore($locale);
  const now = useStore($clock);
  return (
    <ul className="salon-activity__history">
      {items.map((item) => {
        const index = stands ? stands.findIndex((stand) => stand.id === item.stand_id || stand.id === item.stand_obfuscated_id) : -1;
        const number = index + 1;
        const stand = stands ? (stands[index]?.name ?? t`Stand ${number}`) : null;
        return (
          <li key={item.obfuscated_id}>
            <time dateTime={item.created_at}>{formatHourMinute(item.created_at)}</time>{' '}
            <span className="salon-activity__ago">{relativeTime(item.created_at, now, locale)}</span>{' '}
            {stand && <span className="salon-activity__stand">{stand}</span>}
            {stand && ' '}
            <span className="salon-activity__what">{historyText(item, i18n)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The stand-history card's list: 300 px high at most, older entries loaded when scrolled to the end. */
export function HistoryScroller({ items, stands, loading, complete }: HistoryLinesProps & { loading: boolean; complete: boolean }) {
  const { t } = useLingui();
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (!complete && element.scrollTop + element.clientHeight >= element.scrollHeight - 24) void loadOlderHistory();
  };
  return (
    <div className="salon-activity__scroller" role="region" aria-label={t`Stand history entries`} tabIndex={0} onScroll={onScroll}>
      {items.length === 0 && complete ? (
        <p className="salon-activity__empty">{t`No activity on your stands yet.`}</p>
      ) : (
        <HistoryLines items={items} stands={stands} />
      )}
      {loading && (
        <p className="salon-activity__empty" role="status">
          {t`Loading older entries…`}
        </p>
      )}
      {!loading && !complete && (
        <button type="button" className="salon-activity__more" onClick={() => void loadOlderHistory()}>
          {t`Show older entries`}
        </button>
      )}
    </div>
  );
}
