import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { anonymousVisitors, SidebarFrame, VisuallyHidden } from '@salon/shared';
import {
  $standHistory,
  chatWith,
  ExhibitorCard,
  personId,
  personName,
  setExhibitorAvailability,
  UNKNOWN_USER,
} from '@salon/shared/exhibitors';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { HistoryScroller } from './HistoryList';
import type { ActivityView, OwnedStandView } from './store';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="salon-activity__card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {children}
    </section>
  );
}

function VisitorsCard({ stand, index, several }: { stand: OwnedStandView; index: number; several: boolean }) {
  const { t, i18n } = useLingui();
  const number = index + 1;
  const name = stand.name ?? (several ? t`Stand ${number}` : null);
  const count = stand.visitors.length;
  // Anonymous visitors have no name to tell them apart: one line counts them.
  const named = stand.visitors.filter((visitor) => !visitor.anonymous);
  const anonymous = count - named.length;
  return (
    <Card title={name ? t`Visitors on ${name} (${count})` : t`Visitors on your stand (${count})`}>
      {count === 0 ? (
        <p className="salon-activity__empty">{t`No visitor on this stand right now.`}</p>
      ) : (
        <ul className="salon-activity__people">
          {named.map((visitor) => {
            const id = personId(visitor);
            const visitorName = personName(visitor) ?? i18n._(UNKNOWN_USER);
            return (
              <li key={id ?? visitorName}>
                <span className="salon-activity__person">
                  {visitorName}
                  {visitor.company?.name && <span className="salon-activity__company">{visitor.company.name}</span>}
                </span>
                <button
                  type="button"
                  className="salon-activity__chat"
                  aria-label={t`Chat with ${visitorName}`}
                  disabled={!id}
                  onClick={() => id && void chatWith(id, stand.id)}
                >
                  {t`Chat`}
                </button>
              </li>
            );
          })}
          {anonymous > 0 && (
            <li>
              <span className="salon-activity__person">{i18n._(anonymousVisitors(anonymous))}</span>
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}

/**
 * The activity stream (spec §2.10): availability, visitors per owned stand, the other available exhibitors,
 * the stand history; for an unpublished profile, the prompt to publish it instead.
 */
export function ActivityPanel({ view }: { view: ActivityView }) {
  const { t, i18n } = useLingui();
  const history = useStore($standHistory);
  const title = t`Activity stream`;
  const othersCount = view.others.length;
  return (
    <SidebarFrame name="activity-stream" label={title} title={<h2>{title}</h2>}>
      <div className="salon-activity">
        {view.hidden ? (
          <div className="salon-activity__card" role="note">
            <p>{t`Your profile is not published: visitors cannot see you and your activity stream is off.`}</p>
            <a href={view.profileHref}>{t`Publish my profile`}</a>
          </div>
        ) : (
          <>
            <Card title={t`My availability`}>
              <AvailabilitySwitch />
            </Card>
            {view.stands.map((stand, index) => (
              <VisitorsCard key={stand.id} stand={stand} index={index} several={view.severalStands} />
            ))}
            <Card title={t`Other exhibitors available (${othersCount})`}>
              {view.others.length === 0 ? (
                <p className="salon-activity__empty">{t`No other exhibitor is available right now.`}</p>
              ) : (
                <ul className="salon-activity__cards">
                  {view.others.map(({ person, standId }) => {
                    const id = personId(person);
                    const name = personName(person) ?? i18n._(UNKNOWN_USER);
                    return (
                      <li key={id ?? name}>
                        <ExhibitorCard exhibitor={person} standId={standId} compact>
                          {id && (
                            // The name is read, not shown: the visible words stay part of the button's name.
                            <button
                              type="button"
                              className="salon-activity__secondary"
                              onClick={() => void setExhibitorAvailability(id, false)}
                            >
                              <Trans>
                                Mark <VisuallyHidden>{name}</VisuallyHidden> as unavailable
                              </Trans>
                            </button>
                          )}
                        </ExhibitorCard>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Card>
            <Card title={t`Stand history`}>
              <HistoryScroller
                items={history.items}
                stands={view.severalStands ? view.stands : null}
                loading={history.loading}
                complete={history.complete}
              />
            </Card>
          </>
        )}
      </div>
    </SidebarFrame>
  );
}
