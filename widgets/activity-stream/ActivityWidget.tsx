import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { showSidebar } from '@salon/shared';
import { $standHistory, personName, UNKNOWN_USER } from '@salon/shared/exhibitors';
import { setRoomOverlay } from '@salon/shared/room';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { HistoryLines } from './HistoryList';
import type { ActivityView } from './store';

/** Spec §9: the widget shows the 3 latest history lines. */
export const WIDGET_HISTORY_LINES = 3;

const COLLAPSED_KEY = 'salon.activity-widget.collapsed';

function readCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    globalThis.localStorage?.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * Publishes the box the widget floats in as `$roomOverlay` (`@salon/shared/room`): the room tells its frame, which keeps
 * its panel, its bar's buttons and its hotspots out of the corner the widget covers. Measured again when the widget's
 * size changes (collapsed, expanded, new lines), when the window's does, and when the page publishes a new height
 * (the cookie banner's, which the widget stands above); null once it is gone.
 */
function usePublishedBox() {
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const publish = () => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      setRoomOverlay(right > left && bottom > top ? { left, top, right, bottom } : null);
    };
    publish();
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    resized?.observe(element);
    const root = globalThis.document?.documentElement;
    const restyled = root && typeof MutationObserver === 'function' ? new MutationObserver(publish) : null;
    if (root) restyled?.observe(root, { attributes: true, attributeFilter: ['style'] });
    globalThis.addEventListener?.('resize', publish);
    return () => {
      resized?.disconnect();
      restyled?.disconnect();
      globalThis.removeEventListener?.('resize', publish);
      setRoomOverlay(null);
    };
  }, []);
  return ref;
}

/**
 * The activity widget (spec §2.10), floating at the bottom left on desktop: the 3 latest history lines, the
 * availability switch, the available exhibitors of each owned stand. It takes no column: the room frame keeps its
 * panel, its bar's buttons and its hotspots out of the corner it covers (`usePublishedBox`). "Hide my activity"
 * collapses it to one button, "Show my activity" (the choice is kept in localStorage).
 */
export function ActivityWidget({ view }: { view: ActivityView }) {
  const { t, i18n } = useLingui();
  const history = useStore($standHistory);
  const latest = history.items.slice(0, WIDGET_HISTORY_LINES);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const dock = usePublishedBox();
  const contentId = useId();
  // The button that collapses or expands: it keeps the focus across the change.
  const toggle = useRef<HTMLButtonElement | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) toggle.current?.focus();
    moved.current = false;
  }, [collapsed]);
  const change = (next: boolean) => {
    moved.current = true;
    setCollapsed(next);
    writeCollapsed(next);
  };
  if (collapsed) {
    return (
      <div className="salon-activity-dock salon-activity-dock--collapsed" ref={dock}>
        <button type="button" ref={toggle} className="salon-activity-dock__show" aria-expanded={false} onClick={() => change(false)}>
          {t`Show my activity`}
        </button>
      </div>
    );
  }
  return (
    <div className="salon-activity-dock" ref={dock}>
      <section id={contentId} className="salon-activity-widget" aria-label={t`My activity`}>
        <div className="salon-activity-widget__header">
          <h2>{t`My activity`}</h2>
          <button
            type="button"
            ref={toggle}
            className="salon-activity-widget__hide"
            aria-expanded={true}
            aria-controls={contentId}
            onClick={() => change(true)}
          >
            {t`Hide my activity`}
          </button>
        </div>
        <button type="button" className="salon-activity__link" onClick={() => showSidebar({ name: 'activity-stream' })}>
          {t`Open the activity stream`}
        </button>
        {view.hidden ? (
          <p>
            {t`Your profile is not published.`} <a href={view.profileHref}>{t`Publish my profile`}</a>
          </p>
        ) : (
          <>
            <AvailabilitySwitch />
            {latest.length === 0 ? (
              <p className="salon-activity__empty">{t`No activity on your stands yet.`}</p>
            ) : (
              <HistoryLines items={latest} stands={view.severalStands ? view.stands : null} />
            )}
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
    </div>
  );
}
