import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, pickLocalized, type LocaleCode } from '@salon/shared';
import { goToPanorama } from '@salon/shared/room';
import type { ProgrammeData, Talk } from '@salon/shared/contracts/programme';
import { dayKey, dayLabel, loadProgramme, sameClock, setInAgenda, timeLabel, visitorTimeZone } from './api';

/** The programme is read again this often while open, so "Live now" follows the clock. */
const REFRESH_MS = 30_000;

/** A talk's hours in the visitor's time zone, and the salon's beside them when they differ. */
export function TalkTime({
  start,
  end,
  locale,
  zone,
  salonZone,
}: {
  start: string;
  end: string;
  locale: LocaleCode;
  zone: string;
  salonZone: string;
}) {
  const { t } = useLingui();
  const here = `${timeLabel(start, locale, zone)} – ${timeLabel(end, locale, zone)}`;
  const salon = `${timeLabel(start, locale, salonZone)} – ${timeLabel(end, locale, salonZone)}`;
  return (
    <span className="salon-programme__when">
      {here}
      {!sameClock(start, zone, salonZone) && <span className="salon-programme__salon-time"> {t`(salon time: ${salon})`}</span>}
    </span>
  );
}

function TalkItem({
  talk,
  locale,
  zone,
  salonZone,
  onChange,
}: {
  talk: Talk;
  locale: LocaleCode;
  zone: string;
  salonZone: string;
  onChange: (talk: Talk) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const title = pickLocalized(locale, talk.title_fr, talk.title_en);
  const description = pickLocalized(locale, talk.description_fr, talk.description_en);
  const place = talk.place === 'stream' ? t`Conference room (live stream)` : (talk.stand_name ?? t`A stand`);
  const toggle = async () => {
    setBusy(true);
    try {
      onChange(await setInAgenda(talk.id, !talk.in_agenda));
    } catch {
      // The request's toast says why.
    } finally {
      setBusy(false);
    }
  };
  const join = () => goToPanorama(talk.place === 'stand' && talk.stand_slug ? talk.stand_slug : 'conference');
  return (
    <li className={`salon-programme__item${talk.live ? ' salon-programme__item--live' : ''}`}>
      {talk.live && <span className="salon-programme__badge">{t`Live now`}</span>}
      <TalkTime start={talk.start} end={talk.end} locale={locale} zone={zone} salonZone={salonZone} />
      <h4 className="salon-programme__title">{title}</h4>
      {talk.speakers.length > 0 && <p className="salon-programme__meta">{talk.speakers.join(', ')}</p>}
      <p className="salon-programme__meta">{place}</p>
      {description && <p className="salon-programme__meta">{description}</p>}
      <div className="salon-programme__actions">
        <button
          type="button"
          className="salon-programme__button"
          disabled={busy}
          aria-pressed={talk.in_agenda}
          onClick={() => void toggle()}
        >
          {talk.in_agenda ? t`Remove from my agenda` : t`Add to my agenda`}
        </button>
        {talk.live && (
          <button type="button" className="salon-programme__button salon-programme__button--primary" onClick={join}>
            {t`Join`}
          </button>
        )}
      </div>
    </li>
  );
}

/** The talks by day and hour, in the visitor's time zone. */
export function Talks({ initial }: { initial?: ProgrammeData }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const [data, setData] = useState<ProgrammeData | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (initial) return undefined;
    let alive = true;
    const load = () =>
      loadProgramme().then(
        (next) => alive && (setData(next), setFailed(false)),
        () => alive && setFailed(true),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [initial]);
  if (!data) return <p className="salon-programme__empty">{failed ? t`The programme could not be loaded.` : t`Loading…`}</p>;
  const zone = visitorTimeZone();
  if (data.talks.length === 0) return <p className="salon-programme__empty">{t`No talk is scheduled yet.`}</p>;
  const days = new Map<string, Talk[]>();
  for (const talk of data.talks) {
    const key = dayKey(talk.start, zone);
    days.set(key, [...(days.get(key) ?? []), talk]);
  }
  const replace = (next: Talk) => setData({ ...data, talks: data.talks.map((x) => (x.id === next.id ? next : x)) });
  return (
    <>
      <p className="salon-programme__zone">
        {zone === data.time_zone ? t`Times in ${zone}` : t`Times in your time zone (${zone}); the salon's is ${data.time_zone}`}
      </p>
      {[...days.entries()].map(([key, talks]) => (
        <section key={key} aria-label={dayLabel(talks[0]!.start, locale, zone)}>
          <h3 className="salon-programme__day">{dayLabel(talks[0]!.start, locale, zone)}</h3>
          <ul className="salon-programme__list">
            {talks.map((talk) => (
              <TalkItem key={talk.id} talk={talk} locale={locale} zone={zone} salonZone={data.time_zone} onChange={replace} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
