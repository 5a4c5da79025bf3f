import { $journey, busSingleton, isJourneyEnabled, journeyMachineSlot, type MachineActions } from '@salon/shared';
import { onBusEvent } from './events';

/**
 * The room's events reach the journey from the page's start (the journey widget is a lazy slot), but the state
 * machine is loaded only when an event can change the journey: a visitor who never uses it does not download it.
 * Once a load has started, every event waits for it, in order (a leave right after a visit must see the visit).
 */
busSingleton('journeyEvents', () => {
  const slot = journeyMachineSlot;
  const run = (needed: () => boolean, action: (machine: MachineActions) => unknown): void => {
    if (slot.machine) {
      action(slot.machine);
      return;
    }
    if (!slot.loading) {
      if (!isJourneyEnabled() || !needed()) return;
      slot.loading = import('@salon/shared/journey').catch((error: unknown) => {
        slot.loading = null;
        console.error('[salon] the journey could not be loaded', error);
      });
    }
    void slot.loading.then(() => slot.machine && action(slot.machine));
  };
  onBusEvent('journey:visiting', ({ standId }) =>
    run(
      () => $journey.get().standsToVisit.includes(standId),
      (m) => m.setVisiting(standId),
    ),
  );
  onBusEvent('journey:leave', ({ standId }) =>
    run(
      () => $journey.get().visitingStand === standId,
      (m) => m.unsetVisiting(standId),
    ),
  );
  onBusEvent('journey:add', ({ standId }) =>
    run(
      () => true,
      (m) => m.addToVisit(standId),
    ),
  );
  return slot;
});
