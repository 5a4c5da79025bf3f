import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { $locale, $pageData, anonymousVisitors, pickLocalized } from '@salon/shared';
import type { AttendanceHour, StandAnalyticsData } from '@salon/shared/contracts/analytics';
import type { RoomUser } from '@salon/shared/contracts/room';
import { Chart } from './Chart';
import { $actives, attendance, attendanceCsvUrl, standCsvUrl, standFigures } from './store';
import { injectStatsStyles } from './styles';
import { meetingsSentence, totalsSentence } from './summary';
import { apart, personName } from './people';

const COLORS = { visits: '#2b59c3', unique: '#0f766e', chats: '#b45309', leads: '#9d174d', people: '#2b59c3' };

function useHourFormat() {
  const { locale } = useStore($locale);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'fr_FR' ? 'fr-FR' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}

function Status({ children }: { children: React.ReactNode }) {
  return (
    <p className="salon-stats__status" role="status">
      {children}
    </p>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="salon-stats__error" role="alert">
      <p>{t`The figures could not be loaded.`}</p>
      <button type="button" onClick={onRetry}>{t`Try again`}</button>
    </div>
  );
}

/** The figures of one stand: a sentence a screen reader reads, the chart, the hours in a table, the CSV. */
function StandFigures({ data, onRefresh }: { data: StandAnalyticsData; onRefresh: () => void }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const when = useHourFormat();
  const tableId = useId();
  const name = pickLocalized(locale, data.stand.name, data.stand.name_en);
  const { visits, chats, leads } = data.totals;
  const empty = visits === 0 && chats === 0 && leads === 0;
  const meetings = meetingsSentence(data.totals.meetings);
  const active = data.hours.filter((h) => h.visits + h.chats + h.leads > 0);
  return (
    <section className="salon-stats__stand" aria-label={name}>
      <h3>{name}</h3>
      <p className="salon-stats__summary">{totalsSentence(data.totals)}</p>
      {meetings && <p className="salon-stats__summary">{meetings}</p>}
      {empty ? (
        <p className="salon-stats__empty">{t`No visit yet. The chart appears with the first visit.`}</p>
      ) : (
        <>
          <Chart
            timeLabel={t`Hour`}
            hours={data.hours.map((h) => h.hour)}
            series={[
              { label: t`Visits`, values: data.hours.map((h) => h.visits), color: COLORS.visits, bars: true },
              { label: t`Unique visitors`, values: data.hours.map((h) => h.unique_visitors), color: COLORS.unique },
              { label: t`Chats started`, values: data.hours.map((h) => h.chats), color: COLORS.chats },
              { label: t`Leads`, values: data.hours.map((h) => h.leads), color: COLORS.leads },
            ]}
          />
          <details className="salon-stats__details">
            <summary>{t`Figures per hour`}</summary>
            <table aria-describedby={tableId}>
              <caption id={tableId}>{t`Hours with activity at ${name}`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Hour`}</th>
                  <th scope="col">{t`Visits`}</th>
                  <th scope="col">{t`Unique visitors`}</th>
                  <th scope="col">{t`Chats started`}</th>
                  <th scope="col">{t`Leads`}</th>
                </tr>
              </thead>
              <tbody>
                {active.map((h) => (
                  <tr key={h.hour}>
                    <th scope="row">{when(h.hour)}</th>
                    <td>{h.visits}</td>
                    <td>{h.unique_visitors}</td>
                    <td>{h.chats}</td>
                    <td>{h.leads}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      <p className="salon-stats__actions">
        <a href={standCsvUrl(data.stand.id)} download>{t`Download the figures (CSV)`}</a>
        <button type="button" onClick={onRefresh}>{t`Refresh`}</button>
      </p>
    </section>
  );
}

function StandBlock({ standId }: { standId: string }) {
  const { t } = useLingui();
  const { $state, load } = standFigures(standId);
  const state = useStore($state);
  useEffect(() => {
    void load();
  }, [load]);
  if (state.status === 'loading') return <Status>{t`Loading the figures…`}</Status>;
  if (state.status === 'error') return <Failed onRetry={() => void load()} />;
  return <StandFigures data={state.data} onRefresh={() => void load()} />;
}

/** Exhibitors: one block per owned stand. */
export function ExhibitorStats() {
  const { t } = useLingui();
  const page = useStore($pageData);
  const stands = page.user.stands;
  return (
    <div className="salon-stats">
      <h2>{t`My stands in figures`}</h2>
      {stands.length === 0 ? (
        <p className="salon-stats__empty">{t`You have no stand yet.`}</p>
      ) : (
        stands.map((id) => <StandBlock key={id} standId={id} />)
      )}
    </div>
  );
}

function useProfileLabel() {
  const { t } = useLingui();
  return (profile: string) => {
    if (profile === 'exhibitor') return t`Exhibitor`;
    if (profile === 'promoter') return t`Organizer`;
    if (profile === 'administrator') return t`Administrator`;
    return t`Visitor`;
  };
}

/** Who is here now, live: each person by name, and the anonymous visitors, who have none, counted on one line. */
function InTheRoom() {
  const { t, i18n } = useLingui();
  const live = useStore($actives);
  const label = useProfileLabel();
  const data = live.status === 'connecting' ? null : live.data;
  const shown = (user: RoomUser) => personName(user) || label(user.profile);
  const named = (data?.users ?? []).filter((user) => !user.anonymous);
  const anonymous = (data?.users.length ?? 0) - named.length;
  const apartOf = apart(named, shown);
  return (
    <section className="salon-stats__card" aria-labelledby="salon-stats-room">
      <h3 id="salon-stats-room">{t`In the room now`}</h3>
      {live.status === 'reconnecting' && <p className="salon-stats__warning" role="status">{t`Connection lost, reconnecting…`}</p>}
      {data === null ? (
        <Status>{t`Connecting…`}</Status>
      ) : (
        <>
          <p className="salon-stats__big" aria-live="polite">
            {plural(data.count, { one: '# person active', other: '# people active' })}
          </p>
          <p className="salon-stats__hint">{t`Active in the last ${Math.round(data.period / 60)} minutes.`}</p>
          {data.users.length === 0 ? (
            <p className="salon-stats__empty">{t`Nobody in the room right now.`}</p>
          ) : (
            <ul className="salon-stats__people" aria-label={t`People in the room`}>
              {named.map((user) => (
                <li key={user.id_user}>
                  <span className="salon-stats__person">{shown(user)}</span>
                  <span className="salon-stats__meta">
                    {label(user.profile)}
                    {user.company ? ` · ${user.company.name}` : ''}
                    {apartOf.has(user.id_user) ? ` · ${apartOf.get(user.id_user)}` : ''}
                    {user.hidden ? ` · ${t`hidden profile`}` : ''}
                  </span>
                </li>
              ))}
              {anonymous > 0 && (
                <li>
                  <span className="salon-stats__person">{i18n._(anonymousVisitors(anonymous))}</span>
                </li>
              )}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function AttendanceFigures({ hours }: { hours: readonly AttendanceHour[] }) {
  const { t } = useLingui();
  const when = useHourFormat();
  const tableId = useId();
  const peak = hours.reduce<AttendanceHour | null>((best, h) => (best === null || h.people > best.people ? h : best), null);
  const visits = hours.reduce((sum, h) => sum + h.visits, 0);
  const empty = hours.every((h) => h.people === 0 && h.visits === 0);
  return (
    <>
      <p className="salon-stats__summary">
        {empty || !peak
          ? t`Nobody came in the last 24 hours.`
          : `${plural(visits, { one: '# stand visit in 24 hours', other: '# stand visits in 24 hours' })} · ${t`busiest hour: ${when(peak.hour)}`} (${plural(peak.people, { one: '# person', other: '# people' })})`}
      </p>
      {!empty && (
        <>
          <Chart
            timeLabel={t`Hour`}
            hours={hours.map((h) => h.hour)}
            series={[
              { label: t`People`, values: hours.map((h) => h.people), color: COLORS.people, bars: true },
              { label: t`Stand visits`, values: hours.map((h) => h.visits), color: COLORS.chats },
            ]}
          />
          <details className="salon-stats__details">
            <summary>{t`Figures per hour`}</summary>
            <table aria-describedby={tableId}>
              <caption id={tableId}>{t`Attendance over the last 24 hours`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Hour`}</th>
                  <th scope="col">{t`People`}</th>
                  <th scope="col">{t`Stand visits`}</th>
                </tr>
              </thead>
              <tbody>
                {hours.map((h) => (
                  <tr key={h.hour}>
                    <th scope="row">{when(h.hour)}</th>
                    <td>{h.people}</td>
                    <td>{h.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </>
  );
}

function Attendance() {
  const { t } = useLingui();
  const { $state, load } = attendance();
  const state = useStore($state);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="salon-stats__card" aria-labelledby="salon-stats-attendance">
      <h3 id="salon-stats-attendance">{t`Attendance over the day`}</h3>
      {state.status === 'loading' && <Status>{t`Loading the figures…`}</Status>}
      {state.status === 'error' && <Failed onRetry={() => void load()} />}
      {state.status === 'ready' && <AttendanceFigures hours={state.data.hours} />}
      <p className="salon-stats__actions">
        <a href={attendanceCsvUrl()} download>{t`Download the figures (CSV)`}</a>
        <button type="button" onClick={() => void load()}>{t`Refresh`}</button>
      </p>
    </section>
  );
}

/** Promoters and administrators: who is here now (live) and the attendance over the day. */
export function OrganiserDashboard() {
  const { t } = useLingui();
  return (
    <div className="salon-stats salon-stats--organiser">
      <h2>{t`The salon in figures`}</h2>
      <div className="salon-stats__grid">
        <InTheRoom />
        <Attendance />
      </div>
    </div>
  );
}

/** The back office's figures: the exhibitor's stands on /exposant, the organisers' dashboard on /organisateur. */
export function Stats() {
  injectStatsStyles();
  const page = useStore($pageData);
  const profile = page.user.profile;
  if (profile === 'exhibitor') return <ExhibitorStats />;
  if (profile === 'promoter' || profile === 'administrator') return <OrganiserDashboard />;
  return null;
}
