import { useLingui } from '@lingui/react/macro';
import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $currentPanorama, loginHref } from '@salon/shared/room';
import { injectEngageStyles } from './styles';

/**
 * What an anonymous visitor can do instead of an action kept for accounts (spec §6: chat, the contest): log in or
 * create an account, and come back to the same place in the room. Shown before they start, never after.
 */
export function LoginNeeded({ modal }: { modal: Extract<Modal, { name: 'login-needed' }> }) {
  injectEngageStyles();
  const { t } = useLingui();
  const panorama = $currentPanorama.get();
  const title = modal.reason === 'chat' ? t`Log in to chat` : t`Log in to take part in the contest`;
  const text =
    modal.reason === 'chat'
      ? t`Chatting with exhibitors needs an account. Log in or create one in a minute: you will come back here.`
      : t`The contest is for visitors with an account. Log in or create one in a minute: you will come back here.`;
  return (
    <ModalFrame name="login-needed" title={title}>
      <div className="salon-engage">
        <p className="salon-engage__intro">{text}</p>
        <div className="salon-engage__actions">
          <a className="salon-engage__button" href={loginHref(panorama, true)}>
            {t`Create an account`}
          </a>
          <a className="salon-engage__button salon-engage__button--primary" href={loginHref(panorama)}>
            {t`Log in`}
          </a>
        </div>
      </div>
    </ModalFrame>
  );
}
