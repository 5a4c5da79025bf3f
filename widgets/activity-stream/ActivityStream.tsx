import { useStore } from '@nanostores/react';
import { $sidebar } from '@salon/shared';
import { $isMobile } from '@salon/shared/room';
import { $liveActivity } from '@salon/shared/live';
import { ActivityPanel } from './ActivityPanel';
import { ActivityWidget } from './ActivityWidget';
import { $activityView } from './store';
import { injectActivityStyles } from './styles';

/**
 * The activity-stream slot (one per page): the widget, always there for exhibitors on desktop, and the panel
 * while the sidebar slot holds it. Nothing for other profiles (spec §6).
 */
export function ActivityStream() {
  const view = useStore($activityView);
  const sidebar = useStore($sidebar);
  const mobile = useStore($isMobile);
  // Listening keeps the live activity (visitors, exhibitors, history) flowing.
  useStore($liveActivity);
  if (!view.allowed) return null;
  injectActivityStyles();
  return (
    <>
      {!mobile && <ActivityWidget view={view} />}
      {sidebar?.name === 'activity-stream' && <ActivityPanel view={view} />}
    </>
  );
}
