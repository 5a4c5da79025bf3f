import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { IconButton, SidebarFrame, openModal, showSidebar } from '@salon/shared';
import { goToPanorama } from '@salon/shared/room';
import { $journeyView, removeToVisit, removeVisited, removeVisiting, resetJourney, type JourneyStand } from '@salon/shared/journey';
import { injectJourneyStyles } from './styles';

// A descriptor, translated by the confirm modal when it renders (so it follows a language switch).
const CONFIRM_RESET = msg`Remove every stand from your journey?`;

type Kind = 'visiting' | 'to-visit' | 'visited';

function StandRow({ stand, kind, loading, onRemove }: { stand: JourneyStand; kind: Kind; loading: boolean; onRemove: () => void }) {
  const { t } = useLingui();
  const name = stand.name ?? (loading ? '…' : t`Unknown stand`);
  const slug = stand.panoramaSlug;
  return (
    <li className={`salon-journey__stand salon-journey__stand--${kind}`}>
      <span className="salon-journey__name">{name}</span>
      {kind !== 'visiting' && slug && <IconButton label={t`Go to ${name}`} icon="→" onClick={() => goToPanorama(slug)} />}
      <IconButton label={t`Remove ${name} from the journey`} icon="×" onClick={onRemove} />
    </li>
  );
}

function Section({ heading, children }: { heading: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="salon-journey__section" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {children}
    </section>
  );
}

/**
 * The journey sidebar (spec §2.6): the stand in progress, the stands left to visit and the stands seen, each with
 * its actions; emptying the list asks first (the confirm modal). The logic is the journey's state machine
 * (`$journeyView` and its actions, `@salon/shared/journey`).
 */
export function Journey() {
  injectJourneyStyles();
  const { t } = useLingui();
  const view = useStore($journeyView);
  const loading = view.standsStatus === 'idle' || view.standsStatus === 'loading';
  const title = t`My personal journey`;
  const left = view.toVisit.length;

  return (
    <SidebarFrame name="journey" label={title} title={<h2>{title}</h2>}>
      <div className="salon-journey">
        {/* The programme's "My agenda" (talks and booked meetings), in the same sidebar slot. */}
        <button type="button" className="salon-journey__link" onClick={() => showSidebar({ name: 'programme', view: 'agenda' })}>
          {t`My agenda`}
        </button>
        {view.progress === 'empty' ? (
          <>
            <p className="salon-journey__message">{t`You have no stand in your list.`}</p>
            <button type="button" className="salon-journey__link" onClick={() => goToPanorama('plan')}>
              {t`See the map`}
            </button>
          </>
        ) : (
          <>
            {view.progress === 'done' && <p className="salon-journey__done">{t`Well done! You have visited all the stands.`}</p>}
            {view.visiting && (
              <Section heading={t`Stand in progress`}>
                <ul className="salon-journey__list">
                  <StandRow stand={view.visiting} kind="visiting" loading={loading} onRemove={removeVisiting} />
                </ul>
              </Section>
            )}
            {view.progress === 'ongoing' && (
              <Section
                heading={<Plural value={left} _0="No stand left to visit" one="# stand left to visit" other="# stands left to visit" />}
              >
                {left > 0 && (
                  <ul className="salon-journey__list">
                    {view.toVisit.map((stand) => (
                      <StandRow key={stand.id} stand={stand} kind="to-visit" loading={loading} onRemove={() => removeToVisit(stand.id)} />
                    ))}
                  </ul>
                )}
              </Section>
            )}
            {view.visited.length > 0 && (
              <Section heading={t`Stands seen`}>
                <ul className="salon-journey__list">
                  {view.visited.map((stand) => (
                    <StandRow key={stand.id} stand={stand} kind="visited" loading={loading} onRemove={() => removeVisited(stand.id)} />
                  ))}
                </ul>
              </Section>
            )}
            <div className="salon-journey__footer">
              <button
                type="button"
                className="salon-journey__reset"
                onClick={() => openModal({ name: 'confirm', message: CONFIRM_RESET, onConfirm: () => void resetJourney() })}
              >
                {t`Empty the list`}
              </button>
            </div>
          </>
        )}
      </div>
    </SidebarFrame>
  );
}
