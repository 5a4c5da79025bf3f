import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import {
  $chatUsers,
  openUserChannel,
  setChatSearch,
  toggleChatConnection,
  toggleChatProfile,
  type ChatPerson,
  type SearchProfile,
} from '@salon/shared/chat';
import { personName } from './format';

function People({ title, people }: { title: string; people: ChatPerson[] }) {
  const { t } = useLingui();
  return (
    <section className="salon-chat__card" aria-label={title}>
      <h3>{title}</h3>
      {people.length === 0 ? (
        <p className="salon-chat__muted">{t`Nobody for now.`}</p>
      ) : (
        <ul className="salon-chat__list">
          {people.map(({ user, connected }) => (
            <li key={user.obfuscated_id}>
              <button type="button" className="salon-chat__channel" onClick={() => void openUserChannel(user.obfuscated_id)}>
                <strong>{personName(user) ?? t`Unknown user`}</strong>
                {user.company && <span className="salon-chat__muted">{user.company.name}</span>}
                <span className={connected ? 'salon-chat__on' : 'salon-chat__muted'}>{connected ? t`Connected` : t`Not connected`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Start a chat (spec §2.7, §5 search permissions): the filters the person may use (the profiles their permissions find,
 * the connection status when someone may be found either way), then the people on the stand and elsewhere.
 */
export function StartChat() {
  const view = useStore($chatUsers);
  const { t } = useLingui();
  if (!view.enabled) return <p className="salon-chat__empty">{t`Participant search is disabled by the organiser`}</p>;
  const labels: Record<SearchProfile, string> = { exhibitor: t`Exhibitors`, visitor: t`Visitors`, promoter: t`Organizers` };
  return (
    <>
      <form className="salon-chat__filters" role="search" aria-label={t`Find participants`} onSubmit={(event) => event.preventDefault()}>
        <input
          type="search"
          aria-label={t`Search by name`}
          placeholder={t`Search by name`}
          value={view.filters.search}
          maxLength={100}
          onChange={(event) => setChatSearch(event.target.value)}
        />
        {view.profiles.length > 0 && (
          <fieldset>
            <legend>{t`Profiles`}</legend>
            {view.profiles.map((profile) => (
              <label key={profile}>
                <input type="checkbox" checked={view.filters.profiles.includes(profile)} onChange={() => toggleChatProfile(profile)} />
                {labels[profile]}
              </label>
            ))}
          </fieldset>
        )}
        {view.statuses && (
          <fieldset>
            <legend>{t`Status`}</legend>
            <label>
              <input type="checkbox" checked={view.filters.connected} onChange={() => toggleChatConnection('connected')} />
              {t`Connected`}
            </label>
            <label>
              <input type="checkbox" checked={view.filters.notConnected} onChange={() => toggleChatConnection('notConnected')} />
              {t`Not connected`}
            </label>
          </fieldset>
        )}
      </form>
      <p className="salon-visually-hidden" role="status">
        {view.status === 'loading' ? t`Searching…` : ''}
      </p>
      {view.onStand && <People title={t`On this stand`} people={view.onStand} />}
      {view.elsewhere && <People title={t`Elsewhere in the room`} people={view.elsewhere} />}
    </>
  );
}
