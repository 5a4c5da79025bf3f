import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import Cropper from 'cropperjs';
import { closeModal, showToast, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { createCaptureStore, downloadCrop, type CaptureState, type CaptureStore } from './capture';
import { injectEngageStyles } from './styles';

const EIGHT_HANDLES = ['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw']
  .map((side) => `<cropper-handle action="${side}-resize"></cropper-handle>`)
  .join('');

/** Cropper.js's workspace: the image fixed, a selection (80 % at first) that moves and resizes, by pointer or keys. */
const TEMPLATE =
  '<cropper-canvas background>' +
  '<cropper-image></cropper-image>' +
  '<cropper-shade></cropper-shade>' +
  '<cropper-handle action="select" plain></cropper-handle>' +
  '<cropper-selection initial-coverage="0.8" movable resizable keyboard outlined>' +
  '<cropper-grid bordered covered aria-hidden="true"></cropper-grid>' +
  '<cropper-crosshair centered></cropper-crosshair>' +
  '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>' +
  EIGHT_HANDLES +
  '</cropper-selection>' +
  '</cropper-canvas>';

const DOWNLOAD_FAILED = msg`The cropped area could not be saved.`;

function CropWorkspace({ image }: { image: string }) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const cropper = useRef<Cropper | null>(null);
  const [saving, setSaving] = useState(false);
  const helpId = useId();
  const alt = t`Your screen capture`;

  useEffect(() => {
    if (!container.current) return undefined;
    const element = new Image();
    element.alt = alt;
    element.src = image;
    const instance = new Cropper(element, { container: container.current, template: TEMPLATE });
    cropper.current = instance;
    return () => {
      // A selection listens for keys on the document and keeps listening once removed (cropperjs 2.2.0): it would
      // swallow the next workspace's Delete and arrow keys. Turning its keyboard off unbinds it.
      for (const selection of instance.getCropperSelections() ?? []) selection.keyboard = false;
      instance.destroy();
      cropper.current = null;
    };
  }, [image, alt]);

  async function download() {
    const instance = cropper.current;
    if (!instance || saving) return;
    setSaving(true);
    try {
      const scale = instance.getCropperImage()?.$getTransform()[0] ?? 1;
      await downloadCrop(instance.getCropperSelection(), scale, image);
    } catch (error) {
      console.error('[salon] the capture could not be saved', error);
      showToast({ kind: 'error', message: DOWNLOAD_FAILED });
    } finally {
      setSaving(false);
    }
  }

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
            onClick={() => void download()}
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
