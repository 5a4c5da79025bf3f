import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $availability, toggleAvailability } from '@salon/shared/exhibitors';

/** Spec §4.4: the exhibitor's availability switch (moves at once; put back if the server refuses). */
export function AvailabilitySwitch() {
  const { t } = useLingui();
  const { available, saving } = useStore($availability);
  const stateId = useId();
  return (
    <div className="salon-activity__switch-row">
      <button
        type="button"
        role="switch"
        className="salon-activity__switch"
        aria-checked={available}
        aria-busy={saving || undefined}
        aria-describedby={stateId}
        onClick={() => void toggleAvailability()}
      >
        <span className="salon-activity__track" aria-hidden="true">
          <span className="salon-activity__thumb" />
        </span>
        {t`I am available`}
      </button>
      <span id={stateId} className="salon-activity__switch-state">
        {available ? t`Visitors can contact you.` : t`You appear as unavailable.`}
      </span>
    </div>
  );
}
