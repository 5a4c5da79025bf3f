import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { createShareStore, SOCIAL_PLATFORMS, type SocialPlatform } from './share';
import { injectEngageStyles } from './styles';

const PLATFORM_NAMES: Record<SocialPlatform, string> = { facebook: 'Facebook', linkedin: 'LinkedIn', twitter: 'X (Twitter)' };

/** The social share (spec §2.4): one button per platform; each opens that platform's sharer in a new window. */
export function SocialShare(_props: { modal: Extract<Modal, { name: 'social-share' }> }) {
  injectEngageStyles();
  const { t } = useLingui();
  const [store] = useState(createShareStore);
  const pending = useStore(store.$pending);
  return (
    <ModalFrame name="social-share" title={t`Share on social media`}>
      <p className="salon-engage__intro">{t`Share this trade show with your network. The platform opens in a new window.`}</p>
      <ul className="salon-share">
        {SOCIAL_PLATFORMS.map((platform) => {
          const name = PLATFORM_NAMES[platform];
          return (
            <li key={platform}>
              <button
                type="button"
                className="salon-share__button"
                data-platform={platform}
                aria-busy={pending === platform || undefined}
                onClick={() => void store.share(platform)}
              >
                {t`Share on ${name}`}
              </button>
            </li>
          );
        })}
      </ul>
    </ModalFrame>
  );
}
