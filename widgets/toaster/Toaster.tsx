import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import {
  $modal,
  $notificationToasts,
  $sidebar,
  $toasts,
  dismissToast,
  IconButton,
  VisuallyHidden,
  type Toast,
  type ToastKind,
} from '@salon/shared';
import { injectToasterStyles } from './styles';
import { CookieBanner } from './CookieBanner';
import { NewsToast } from './NewsToast';
import { usePublishedHeight } from './publishedHeight';
import { ToastMessage } from './ToastMessage';

/** The most toasts shown at once (the newest); the others wait for a place. */
export const VISIBLE_TOASTS = 3;

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
        <ToastMessage>
          <VisuallyHidden>{`${kindLabel[toast.kind]} `}</VisuallyHidden>
          {text}
        </ToastMessage>
      </div>
      <IconButton label={t`Close notification`} icon="×" onClick={() => dismissToast(toast.id)} />
    </div>
  );
}

/**
 * The toast stack (spec §2.2 "toaster area"): top right under the top bar (beside an open sidebar on a desktop),
 * never over the top bar, a sidebar, a modal's actions or the consent banner. The organisers' notifications
 * (`$notificationToasts`, they stay until closed) come first, several of them as one summary toast; then the
 * newest other toasts, at most `VISIBLE_TOASTS` in all. Its height is published as `--salon-toasts-height`, which
 * the modal slot and the phone's sidebars keep free. The cookie-consent banner (§2.4) is at the bottom. What shows
 * and for how long lives in the stores.
 */
export function Toaster() {
  injectToasterStyles();
  const toasts = useStore($toasts);
  const news = useStore($notificationToasts);
  const sidebar = useStore($sidebar);
  const modal = useStore($modal);
  const stack = usePublishedHeight('--salon-toasts-height', modal !== null);
  const newsToasts = news.length === 0 ? 0 : 1;
  const shown = toasts.slice(Math.max(0, toasts.length - (VISIBLE_TOASTS - newsToasts)));
  const place = modal ? ' salon-toaster--over-modal' : sidebar ? ' salon-toaster--beside-sidebar' : '';
  return (
    <>
      <CookieBanner />
      <div className={`salon-toaster${place}`} ref={(element) => void (stack.current = element)}>
        {/* A new single notification, and the change to a summary, are a new toast (announced again). */}
        {news.length > 0 && <NewsToast key={news.length === 1 ? `news-${news[0]?.id_notification}` : 'news'} notifications={news} />}
        {shown.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </>
  );
}
