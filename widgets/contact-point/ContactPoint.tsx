import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $pageData, SidebarFrame, showSidebar } from '@salon/shared';
import { $liveActivity } from '@salon/shared/live';
import {
  $contactPoint,
  ExhibitorCard,
  reloadContactPoint,
  requestStandContact,
  toggleContactGroup,
  type Animator,
  type ContactGroup,
} from '@salon/shared/exhibitors';
import { injectContactPointStyles } from './styles';

function Group({
  group,
  title,
  people,
  open,
  standId,
}: {
  group: ContactGroup;
  title: string;
  people: Animator[];
  open: boolean;
  standId: string;
}) {
  const { t } = useLingui();
  const listId = useId();
  return (
    <section className="salon-contact-point__group">
      <h3>
        <button
          type="button"
          className="salon-contact-point__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => toggleContactGroup(group)}
        >
          {title}
          <span className="salon-contact-point__count">({people.length})</span>
        </button>
      </h3>
      <div id={listId} hidden={!open}>
        {people.length === 0 ? (
          <p className="salon-contact-point__empty">
            {group === 'available' ? t`Nobody is available right now.` : t`Nobody is unavailable.`}
          </p>
        ) : (
          <ul className="salon-contact-point__list">
            {people.map((person) => (
              <li key={person.obfuscated_id}>
                <ExhibitorCard exhibitor={person} standId={standId}>
                  <BookMeeting standId={standId} />
                </ExhibitorCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Opens the stand's meeting slots in the programme sidebar (issue 38); not for the stand's own exhibitors. */
function BookMeeting({ standId, wide = false }: { standId: string; wide?: boolean }) {
  const { t } = useLingui();
  const page = useStore($pageData);
  if (page.owned_stands_ids.includes(standId) || page.user.anonymous) return null;
  return (
    <button
      type="button"
      className={wide ? 'salon-contact-point__request' : 'salon-contact-point__book'}
      onClick={() => showSidebar({ name: 'programme', view: 'slots', standId })}
    >
      {t`Book a meeting`}
    </button>
  );
}

/**
 * The unique contact point (spec §2.8): the stand's exhibitors, available and unavailable, and the button that
 * opens the contact-request modal.
 */
export function ContactPoint() {
  injectContactPointStyles();
  const { t } = useLingui();
  const view = useStore($contactPoint);
  // Listening keeps the live activity (and so the animators' availability) flowing.
  useStore($liveActivity);
  const { standId } = view;
  const count = view.available.length + view.unavailable.length;
  const title = t({ message: 'Exhibitors', comment: 'the contact point sidebar, opened by the room panel’s Exhibitors' });

  return (
    <SidebarFrame name="contact-point" label={title} title={<h2>{title}</h2>}>
      <div className="salon-contact-point">
        {view.status === 'loading' && count === 0 && (
          <p className="salon-contact-point__status" role="status">
            {t`Loading the exhibitors…`}
          </p>
        )}
        {view.status === 'error' && (
          <div role="alert">
            <p className="salon-contact-point__status">{t`The exhibitors of this stand could not be loaded.`}</p>
            <button type="button" className="salon-contact-point__retry" onClick={reloadContactPoint}>
              {t`Try again`}
            </button>
          </div>
        )}
        {standId && count > 0 && (
          <>
            <Group group="available" title={t`Available exhibitors`} people={view.available} open={view.open.available} standId={standId} />
            <Group
              group="unavailable"
              title={t`Unavailable exhibitors`}
              people={view.unavailable}
              open={view.open.unavailable}
              standId={standId}
            />
          </>
        )}
        {view.status === 'ready' && count === 0 && (
          <p className="salon-contact-point__empty">{t`No exhibitor of this stand can be contacted here at the moment.`}</p>
        )}
        {standId && view.status !== 'loading' && (
          <div className="salon-contact-point__footer">
            {count > 0 && <p>{t`Would you rather be contacted differently?`}</p>}
            <button type="button" className="salon-contact-point__request" onClick={() => requestStandContact(standId)}>
              {t`Ask to be contacted`}
            </button>
            <BookMeeting standId={standId} wide />
          </div>
        )}
      </div>
    </SidebarFrame>
  );
}
