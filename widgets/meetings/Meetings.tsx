import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $pageData, pickLocalized } from '@salon/shared';
import { getStands } from '@salon/shared/stands';
import type { Meeting, Slot } from '@salon/shared/contracts/meetings';
import { answerMeeting, loadMeetings, loadSlots, meetingFigures, offerSlot, removeSlot, slotLabel } from './api';
import { injectMeetingsStyles } from './styles';

/** New requests show up within this long without a reload. */
const REFRESH_MS = 15_000;
const LENGTHS = [15, 20, 30, 45, 60];

function MeetingRow({ meeting, locale, onChange }: { meeting: Meeting; locale: string; onChange: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<'declined' | 'cancelled' | null>(null);
  const [reason, setReason] = useState('');
  const { message } = meeting;
  const status = {
    requested: t`To answer`,
    accepted: t({ message: 'Accepted', context: 'a meeting' }),
    declined: t({ message: 'Declined', context: 'a meeting' }),
    cancelled: t`Cancelled`,
  }[meeting.status];
  const act = async (next: 'accepted' | 'declined' | 'cancelled', why?: string) => {
    try {
      await answerMeeting(meeting.id, next, why);
      setAsking(null);
      setReason('');
    } catch {
      // The request's toast says why.
    }
    onChange();
  };
  return (
    <li className="salon-meetings__item">
      <span>
        <strong>{slotLabel(meeting.start, meeting.end, locale)}</strong> · {meeting.visitor.fullname} · {meeting.stand_name}
        {message && <> · {t`“${message}”`}</>}
        {meeting.reason && <> · {t`Reason: ${meeting.reason}`}</>}
      </span>
      <span className="salon-meetings__status">{status}</span>
      {meeting.status === 'requested' && !asking && (
        <>
          <button type="button" className="salon-meetings__button salon-meetings__button--primary" onClick={() => void act('accepted')}>
            {t`Accept`}
          </button>
          <button type="button" className="salon-meetings__button" onClick={() => setAsking('declined')}>
            {t`Decline`}
          </button>
        </>
      )}
      {meeting.status === 'accepted' && !asking && (
        <button type="button" className="salon-meetings__button" onClick={() => setAsking('cancelled')}>
          {t`Cancel`}
        </button>
      )}
      {asking && (
        <form
          className="salon-meetings__form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(asking, reason.trim());
          }}
        >
          <label>
            {asking === 'cancelled' ? t`Why do you cancel?` : t`Why do you decline? (optional)`}
            <input
              type="text"
              maxLength={500}
              required={asking === 'cancelled'}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <button type="submit" className="salon-meetings__button salon-meetings__button--primary">
            {asking === 'cancelled' ? t`Confirm the cancellation` : t`Decline the meeting`}
          </button>
          <button type="button" className="salon-meetings__button" onClick={() => setAsking(null)}>
            {t`Back`}
          </button>
        </form>
      )}
    </li>
  );
}

/**
 * `/exposant`'s meetings (issue 38): the figures (booked, held, cancelled), the requests to answer and the meetings
 * to come, and the slots the exhibitor offers on each stand they own (offered, listed, removed while free).
 */
export function Meetings() {
  injectMeetingsStyles();
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const page = useStore($pageData);
  const standIds = page.user.stands;
  const [names, setNames] = useState<Record<string, string>>({});
  const [meetings, setMeetings] = useState<Meeting[] | null>(null);
  const [slots, setSlots] = useState<Record<string, Slot[]>>({});
  const [stand, setStand] = useState(standIds[0] ?? '');
  const [start, setStart] = useState('');
  const [length, setLength] = useState(20);
  // Reads may answer out of order (the first one still running when an offer's read comes back): the latest asked wins.
  const asked = useRef(0);
  const refresh = useCallback(async () => {
    const turn = (asked.current += 1);
    const [list, ...perStand] = await Promise.all([loadMeetings(), ...standIds.map((id) => loadSlots(id))]);
    if (turn !== asked.current) return;
    setMeetings(list);
    setSlots(Object.fromEntries(standIds.map((id, i) => [id, perStand[i] ?? []])));
  }, [standIds]);
  useEffect(() => {
    getStands({ notify: false }).then(
      ({ stands }) =>
        setNames(Object.fromEntries(Object.entries(stands).map(([id, s]) => [id, pickLocalized(locale, s.niceName, s.niceNameEn)]))),
      () => undefined,
    );
  }, [locale]);
  useEffect(() => {
    void refresh().catch(() => undefined);
    const timer = setInterval(() => void refresh().catch(() => undefined), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  if (standIds.length === 0) return null;
  const figures = meetingFigures(meetings ?? []);
  const offer = async () => {
    const from = new Date(start);
    if (Number.isNaN(from.getTime())) return;
    try {
      await offerSlot(stand, from.toISOString(), new Date(from.getTime() + length * 60_000).toISOString());
      setStart('');
    } catch {
      // The request's toast says why.
    }
    await refresh().catch(() => undefined);
  };
  const mine = (meetings ?? []).filter((m) => m.role === 'exhibitor');
  return (
    <section className="salon-meetings" aria-labelledby="salon-meetings-title">
      <h2 id="salon-meetings-title">{t`Meetings`}</h2>
      <p className="salon-meetings__figures">{t`Meetings booked: ${figures.booked} · held: ${figures.held} · cancelled: ${figures.cancelled}`}</p>
      <h3>{t`Requests and meetings`}</h3>
      {mine.length === 0 ? (
        <p className="salon-meetings__empty">{meetings ? t`No meeting booked yet.` : t`Loading…`}</p>
      ) : (
        <ul className="salon-meetings__list" aria-label={t`Requests and meetings`}>
          {mine.map((m) => (
            <MeetingRow key={m.id} meeting={m} locale={locale} onChange={() => void refresh().catch(() => undefined)} />
          ))}
        </ul>
      )}
      <h3>{t`My meeting slots`}</h3>
      <form
        className="salon-meetings__form"
        onSubmit={(event) => {
          event.preventDefault();
          void offer();
        }}
      >
        {standIds.length > 1 && (
          <label>
            {t`Stand`}
            <select value={stand} onChange={(event) => setStand(event.target.value)}>
              {standIds.map((id) => (
                <option key={id} value={id}>
                  {names[id] ?? id}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t`Start`}
          <input type="datetime-local" required value={start} onChange={(event) => setStart(event.target.value)} />
        </label>
        <label>
          {t`Length`}
          <select value={length} onChange={(event) => setLength(Number(event.target.value))}>
            {LENGTHS.map((n) => (
              <option key={n} value={n}>
                {t`${n} minutes`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="salon-meetings__button salon-meetings__button--primary">
          {t`Offer this slot`}
        </button>
      </form>
      {standIds.map((id) => (
        <div key={id}>
          <h4>{names[id] ?? id}</h4>
          {(slots[id] ?? []).length === 0 ? (
            <p className="salon-meetings__empty">{t`No slot offered on this stand.`}</p>
          ) : (
            <ul className="salon-meetings__list" aria-label={t`Slots of ${names[id] ?? id}`}>
              {(slots[id] ?? []).map((slot) => (
                <li key={slot.id} className="salon-meetings__item">
                  <span>{slotLabel(slot.start, slot.end, locale)}</span>
                  <span className="salon-meetings__status">{slot.free ? t`Free` : t`Booked`}</span>
                  {slot.free && (
                    <button
                      type="button"
                      className="salon-meetings__button"
                      onClick={() => void removeSlot(slot.id).then(refresh, () => undefined)}
                    >
                      {t`Remove`}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
