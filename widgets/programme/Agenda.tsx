import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $user, pickLocalized, url, type LocaleCode } from '@salon/shared';
import type { AgendaData, AgendaItem, Meeting } from '@salon/shared/contracts/meetings';
import { AGENDA_ICS, cancelMeeting, dayLabel, loadAgenda, visitorTimeZone } from './api';
import { TalkTime } from './Talks';

/** A meeting's status in words. */
function useStatusLabel(): (status: Meeting['status']) => string {
  const { t } = useLingui();
  return (status) =>
    status === 'requested'
      ? t`Awaiting the exhibitor's answer`
      : status === 'accepted'
        ? t({ message: 'Accepted', context: 'a meeting' })
        : status === 'declined'
          ? t({ message: 'Declined', context: 'a meeting' })
          : t`Cancelled`;
}

export function MeetingItem({
  meeting,
  locale,
  zone,
  onChange,
}: {
  meeting: Meeting;
  locale: LocaleCode;
  zone: string;
  onChange: (m: Meeting) => void;
}) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const other = meeting.role === 'visitor' ? meeting.exhibitor.fullname : meeting.visitor.fullname;
  const held = meeting.status === 'requested' || meeting.status === 'accepted';
  const cancel = async () => {
    setBusy(true);
    try {
      onChange(await cancelMeeting(meeting.id, reason.trim()));
      setCancelling(false);
    } catch {
      // The request's toast says why.
    } finally {
      setBusy(false);
    }
  };
  const { message } = meeting;
  return (
    <li className={`salon-programme__item${meeting.status === 'cancelled' ? ' salon-programme__item--cancelled' : ''}`}>
      <span className="salon-programme__status">{statusLabel(meeting.status)}</span>
      <TalkTime start={meeting.start} end={meeting.end} locale={locale} zone={zone} salonZone={zone} />
      <h4 className="salon-programme__title">{t`Meeting with ${other}`}</h4>
      <p className="salon-programme__meta">{meeting.stand_name}</p>
      {message && <p className="salon-programme__meta">{t`“${message}”`}</p>}
      {meeting.reason && <p className="salon-programme__meta">{t`Reason: ${meeting.reason}`}</p>}
      {meeting.video_link && (
        <a className="salon-programme__link" href={meeting.video_link} target="_blank" rel="noopener noreferrer">
          {t`Join the video call`}
        </a>
      )}
      {held && !cancelling && (
        <div className="salon-programme__actions">
          <button type="button" className="salon-programme__button" onClick={() => setCancelling(true)}>
            {t`Cancel the meeting`}
          </button>
        </div>
      )}
      {held && cancelling && (
        <form
          className="salon-programme__form"
          onSubmit={(event) => {
            event.preventDefault();
            void cancel();
          }}
        >
          <label>
            {t`Why do you cancel?`}
            <input type="text" required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="salon-programme__actions">
            <button
              type="submit"
              className="salon-programme__button salon-programme__button--primary"
              disabled={busy || reason.trim() === ''}
            >
              {t`Confirm the cancellation`}
            </button>
            <button type="button" className="salon-programme__button" onClick={() => setCancelling(false)}>
              {t`Keep the meeting`}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/** My agenda: talks and meetings in time order, and the iCalendar file. */
export function Agenda({ initial }: { initial?: AgendaData }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const user = useStore($user);
  const [data, setData] = useState<AgendaData | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (initial) return undefined;
    let alive = true;
    loadAgenda().then(
      (next) => alive && setData(next),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [initial]);
  if (!data) return <p className="salon-programme__empty">{failed ? t`Your agenda could not be loaded.` : t`Loading…`}</p>;
  const zone = visitorTimeZone();
  const replace = (m: Meeting) =>
    setData({
      items: data.items.map((item): AgendaItem => (item.kind === 'meeting' && item.meeting.id === m.id ? { ...item, meeting: m } : item)),
    });
  return (
    <>
      <a className="salon-programme__link" href={AGENDA_ICS} download="agenda.ics">
        {t`Download my agenda (iCalendar)`}
      </a>
      {/* The reminders come as notices in the room; by e-mail for who asks on their profile page. */}
      {!user.anonymous && (
        <a className="salon-programme__link" href={url('profile', {}, { hash: 'talk-reminders' })}>
          {t`Reminders by e-mail: in my profile`}
        </a>
      )}
      {data.items.length === 0 ? (
        <p className="salon-programme__empty">{t`Your agenda is empty: add talks from the programme, or book a meeting from an exhibitor's card.`}</p>
      ) : (
        <ul className="salon-programme__list">
          {data.items.map((item) =>
            item.kind === 'talk' ? (
              <li key={`t${item.talk.id}`} className={`salon-programme__item${item.talk.live ? ' salon-programme__item--live' : ''}`}>
                <span className="salon-programme__meta">{dayLabel(item.start, locale, zone)}</span>
                <TalkTime start={item.talk.start} end={item.talk.end} locale={locale} zone={zone} salonZone={zone} />
                <h4 className="salon-programme__title">{pickLocalized(locale, item.talk.title_fr, item.talk.title_en)}</h4>
              </li>
            ) : (
              <MeetingItem key={`m${item.meeting.id}`} meeting={item.meeting} locale={locale} zone={zone} onChange={replace} />
            ),
          )}
        </ul>
      )}
    </>
  );
}
