import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { showSidebar } from '@salon/shared';
import { $standHistory, personName, UNKNOWN_USER } from '@salon/shared/exhibitors';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { HistoryLines } from './HistoryList';
import type { ActivityView } from './store';

/** Spec §9: the widget shows the 3 latest history lines. */
export const WIDGET_HISTORY_LINES = 3;

/**
 * The activity widget (spec §2.10), bottom left on desktop: the 3 latest history lines, the availability switch,
 * the available exhibitors of each owned stand.
 */
export function ActivityWidget({ view }: { view: ActivityView }) {
  const { t, i18n } = useLingui();
  const history = useStore($standHistory);
  const latest = history.items.slice(0, WIDGET_HISTORY_LINES);
  return (
    <section className="salon-activity-widget" aria-label={t`My activity`}>
      <div className="salon-activity-widget__header">
        <h2>{t`My activity`}</h2>
        <button type="button" className="salon-activity__link" onClick={() => showSidebar({ name: 'activity-stream' })}>
          {t`Open the activity stream`}
        </button>
      </div>
      {view.hidden ? (
        <p>
          {t`Your profile is not published.`} <a href={view.profileHref}>{t`Publish my profile`}</a>
        </p>
      ) : (
        <>
          <AvailabilitySwitch />
          {latest.length === 0 ? <p className="salon-activity__empty">{t`No activity on your stands yet.`}</p> : <HistoryLines items={latest} stands={view.severalStands ? view.stands : null} />}
          <ul className="salon-activity-widget__stands">
            {view.stands.map((stand, index) => {
              const number = index + 1;
              const standLabel = stand.name ?? (view.severalStands ? t`Stand ${number}` : t`Your stand`);
              const names = stand.exhibitors.map((person) => personName(person) ?? i18n._(UNKNOWN_USER)).join(', ');
              return (
                <li key={stand.id}>
                  <strong>{standLabel}</strong>: {names || t`no other exhibitor available`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
