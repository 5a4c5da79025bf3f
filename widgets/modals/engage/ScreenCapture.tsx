import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { closeModal, showToast, type Modal } from '@salon/shared';
import { useCropper } from '@salon/shared/cropper';
import { ModalFrame } from '@salon/shared/dialogs';
import { createCaptureStore, downloadCrop, type CaptureState, type CaptureStore } from './capture';
import { injectEngageStyles } from './styles';

const DOWNLOAD_FAILED = msg`The cropped area could not be saved.`;

function CropWorkspace({ image }: { image: string }) {
  const { t } = useLingui();
  const helpId = useId();
  const { container, busy: saving, run } = useCropper(image, t`Your screen capture`);
  const download = () =>
    run(
      async ({ instance }) => {
        const scale = instance.getCropperImage()?.$getTransform()[0] ?? 1;
        await downloadCrop(instance.getCropperSelection(), scale, image);
      },
      (error) => {
        console.error('[salon] the capture could not be saved', error);
        showToast({ kind: 'error', message: DOWNLOAD_FAILED });
      },
    );

  return (
    <div className="salon-capture">
      <div className="salon-capture__toolbar">
        <p
          id={helpId}
        >{t`Drag the frame to keep the part you want. The arrow keys move it, + and − resize it, Delete keeps the whole capture.`}</p>
        <div className="salon-engage__actions">
          <button type="button" className="salon-engage__button" onClick={() => closeModal()}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="salon-engage__button salon-engage__button--primary"
            aria-busy={saving || undefined}
            onClick={download}
          >
            {t`Download`}
          </button>
        </div>
      </div>
      <div ref={container} className="salon-capture__workspace" role="group" aria-label={t`Cropping area`} aria-describedby={helpId} />
    </div>
  );
}

function Start({ store, state }: { store: CaptureStore; state: Extract<CaptureState, { step: 'start' }> }) {
  const { t } = useLingui();
  return (
    <ModalFrame name="screen-capture" title={t`Screen capture`}>
      <div className="salon-engage">
        {store.supported ? (
          <p className="salon-engage__intro">{t`Take a picture of the room, then keep the part you want and download it. Your browser asks which screen to capture: choose this tab.`}</p>
        ) : (
          <p className="salon-engage__alert" role="alert">
            {t`Your browser cannot capture the screen.`}
          </p>
        )}
        {state.problem && (
          <p className="salon-engage__alert" role="alert">
            {state.problem === 'cancelled' ? t`The capture was cancelled.` : t`The screen could not be captured.`}
          </p>
        )}
        <div className="salon-engage__actions">
          <button type="button" className="salon-engage__button" onClick={() => closeModal()}>
            {t`Cancel`}
          </button>
          {store.supported && (
            <button type="button" className="salon-engage__button salon-engage__button--primary" onClick={() => void store.capture()}>
              {t`Capture the screen`}
            </button>
          )}
        </div>
      </div>
    </ModalFrame>
  );
}

/**
 * The screen capture (spec §2.4): the browser captures the screen (the current tab where it can), one frame is
 * kept (at most 1000 px wide, spec §9), then a full-screen cropping workspace downloads the chosen area as a PNG.
 */
export function ScreenCapture(_props: { modal: Extract<Modal, { name: 'screen-capture' }> }) {
  injectEngageStyles();
  const { t } = useLingui();
  const [store] = useState(() => createCaptureStore());
  const state = useStore(store.$state);
  if (state.step === 'capturing') {
    // Nothing visible while the frame is taken, or the modal would be in the picture.
    return (
      <span className="salon-visually-hidden" role="status">
        {t`Capturing the screen…`}
      </span>
    );
  }
  if (state.step === 'workspace') {
    return (
      <ModalFrame name="screen-capture" title={t`Crop your capture`} fullScreen>
        <CropWorkspace image={state.image} />
      </ModalFrame>
    );
  }
  return <Start store={store} state={state} />;
}
