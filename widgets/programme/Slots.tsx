import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, ApiError } from '@salon/shared';
import type { Meeting, Slot } from '@salon/shared/contracts/meetings';
import { bookSlot, dayLabel, loadSlots, timeLabel, visitorTimeZone } from './api';

type Outcome = { kind: 'booked'; meeting: Meeting } | { kind: 'taken' } | { kind: 'refused'; message: string } | null;

/** A stand's slots: pick a free one, write a short message, book. A slot taken meanwhile says so and the list reloads. */
export function Slots({ standId, initial }: { standId: string; initial?: Slot[] }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const zone = visitorTimeZone();
  const [slots, setSlots] = useState<Slot[] | null>(initial ?? null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = () => loadSlots(standId).then(setSlots, () => setSlots([]));
  useEffect(() => {
    if (!initial) loadSlots(standId).then(setSlots, () => setSlots([]));
  }, [standId, initial]);
  const book = async (slotId: string) => {
    setBusy(true);
    try {
      const meeting = await bookSlot(slotId, message.trim(), consent);
      setOutcome({ kind: 'booked', meeting });
      setChosen(null);
      setMessage('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setOutcome({ kind: 'taken' });
      else setOutcome({ kind: 'refused', message: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
      void reload();
    }
  };
  if (!slots) return <p className="salon-programme__empty">{t`Loading…`}</p>;
  return (
    <>
      {outcome?.kind === 'taken' && (
        <p className="salon-programme__error" role="alert">
          {t`This slot was just booked`}
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <p className="salon-programme__error" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'booked' && (
        <p className="salon-programme__done" role="status">
          {t`Meeting requested: ${outcome.meeting.exhibitor.fullname} will accept or decline it. You will be told here.`}
        </p>
      )}
      {slots.length === 0 ? (
        <p className="salon-programme__empty">{t`This stand offers no meeting slot for now.`}</p>
      ) : (
        <ul className="salon-programme__list">
          {slots.map((slot) => {
            const when = `${dayLabel(slot.start, locale, zone)}, ${timeLabel(slot.start, locale, zone)} – ${timeLabel(slot.end, locale, zone)}`;
            return (
              <li key={slot.id} className="salon-programme__item">
                <span className="salon-programme__when">{when}</span>
                <p className="salon-programme__meta">{slot.exhibitor.fullname}</p>
                {!slot.free ? (
                  <span className="salon-programme__status">{t`Booked`}</span>
                ) : chosen === slot.id ? (
                  <form
                    className="salon-programme__form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void book(slot.id);
                    }}
                  >
                    <label>
                      {t`Your message (optional)`}
                      <textarea rows={3} maxLength={500} value={message} onChange={(event) => setMessage(event.target.value)} />
                    </label>
                    <label className="salon-programme__consent">
                      <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
                      <span>{t`I agree that my contact details are passed on to this stand's exhibitors to prepare this meeting and contact me about it.`}</span>
                    </label>
                    <div className="salon-programme__actions">
                      <button type="submit" className="salon-programme__button salon-programme__button--primary" disabled={busy}>
                        {t`Book this slot`}
                      </button>
                      <button type="button" className="salon-programme__button" onClick={() => setChosen(null)}>
                        {t`Back`}
                      </button>
                    </div>
                  </form>
                ) : (
                  <div className="salon-programme__actions">
                    <button
                      type="button"
                      className="salon-programme__button"
                      aria-label={t`Choose ${when}`}
                      onClick={() => (setChosen(slot.id), setOutcome(null))}
                    >
                      {t`Choose`}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
