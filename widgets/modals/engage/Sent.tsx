import { useEffect, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { closeModal } from '@salon/shared';

/**
 * What a form's modal shows once it is sent: the message (a status line) and Close. The form is gone, so the focus
 * goes to the message, not to the page behind.
 */
export function Sent({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div className="salon-engage">
      <p ref={message} className="salon-engage__done" role="status" tabIndex={-1}>
        {children}
      </p>
      <div className="salon-engage__actions">
        <button type="button" className="salon-engage__button salon-engage__button--primary" onClick={() => closeModal()}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
