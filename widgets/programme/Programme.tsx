import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $sidebar, SidebarFrame, showSidebar } from '@salon/shared';
import { Agenda } from './Agenda';
import { Slots } from './Slots';
import { Talks } from './Talks';
import { injectProgrammeStyles } from './styles';

export type ProgrammeView = 'talks' | 'agenda' | 'slots';

/**
 * The programme sidebar (issue 38), one sidebar under the one-sidebar rule: the talks by day and hour, "My agenda"
 * (talks and meetings in time order, its iCalendar file), or a stand's meeting slots to book one.
 */
export function Programme({ view, standId }: { view: ProgrammeView; standId: string | null }) {
  injectProgrammeStyles();
  const { t } = useLingui();
  const sidebar = useStore($sidebar);
  const title = view === 'agenda' ? t`My agenda` : view === 'slots' ? t`Book a meeting` : t`Programme`;
  const go = (next: 'talks' | 'agenda') => showSidebar({ name: 'programme', view: next });
  return (
    <SidebarFrame name="programme" label={title} title={<h2>{title}</h2>}>
      <div className="salon-programme">
        <div className="salon-programme__tabs" role="group" aria-label={t`Programme views`}>
          <button type="button" className="salon-programme__tab" aria-pressed={view === 'talks'} onClick={() => go('talks')}>
            {t`Talks`}
          </button>
          <button type="button" className="salon-programme__tab" aria-pressed={view === 'agenda'} onClick={() => go('agenda')}>
            {t`My agenda`}
          </button>
        </div>
        {view === 'talks' && <Talks />}
        {view === 'agenda' && <Agenda />}
        {view === 'slots' && standId && <Slots key={standId} standId={standId} />}
        {view === 'slots' && !standId && sidebar && <p className="salon-programme__empty">{t`No stand chosen.`}</p>}
      </div>
    </SidebarFrame>
  );
}
