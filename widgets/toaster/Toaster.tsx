import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $notificationToasts, $toasts, dismissToast, IconButton, VisuallyHidden, type Toast, type ToastKind } from '@salon/shared';
import { injectToasterStyles } from './styles';
import { CookieBanner } from './CookieBanner';
import { NewsToast } from './NewsToast';

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', warning: '⚠' };

function ToastItem({ toast }: { toast: Toast }) {
  // useLingui (not the global `t`) so the toast re-renders in the new language on a switch.
  const { t, i18n } = useLingui();
  // Said before the message by screen readers; the colon is in the message (French puts a space before it).
  const kindLabel: Record<ToastKind, string> = {
    success: t`Success:`,
    error: t`Error:`,
    info: t`Information:`,
    warning: t`Warning:`,
  };
  const text = typeof toast.message === 'string' ? toast.message : i18n._(toast.message);
  const urgent = toast.kind === 'error';
  return (
    <div className={`salon-toast salon-toast--${toast.kind}`}>
      <span className="salon-toast__icon" aria-hidden="true">
        {ICONS[toast.kind]}
      </span>
      {/* The live region holds only what is to be read out: kind and message, not the close button. */}
      <div className="salon-toast__body" role={urgent ? 'alert' : 'status'} aria-live={urgent ? 'assertive' : 'polite'}>
        <p className="salon-toast__message">
          <VisuallyHidden>{`${kindLabel[toast.kind]} `}</VisuallyHidden>
          {text}
        </p>
      </div>
      <IconButton label={t`Close notification`} icon="×" onClick={() => dismissToast(toast.id)} />
    </div>
  );
}

/**
 * The toast stack (spec §2.2 "toaster area"), bottom right: the organisers' notifications (`$notificationToasts`,
 * they stay until closed) above the other toasts; and the cookie-consent banner (§2.4), bottom. What shows and for
 * how long lives in the stores.
 */
export function Toaster() {
  injectToasterStyles();
  const toasts = useStore($toasts);
  const news = useStore($notificationToasts);
  return (
    <>
      <CookieBanner />
      <div className="salon-toaster">
        {news.map((notification) => (
          <NewsToast key={`news-${notification.id_notification}`} notification={notification} />
        ))}
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </>
  );
}
