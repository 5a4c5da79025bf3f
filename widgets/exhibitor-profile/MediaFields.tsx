import { useRef, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MediaKind } from './api';
import { PictureCropper } from './PictureCropper';
import type { ProfileForm } from './preview';

export type PictureState =
  | { step: 'idle' }
  | { step: 'cropping'; image: string }
  | { step: 'uploading'; preview: string | null }
  | { step: 'refused'; message: string | null };
export type VideoState = { step: 'idle' } | { step: 'uploading' } | { step: 'refused'; message: string | null };

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime';

/** The picture (cropped to a square before it is sent) and the video of the card, each sent as soon as chosen. */
export function MediaFields({
  form,
  picture,
  video,
  uploading,
  edit,
  setPicture,
  upload,
}: {
  form: ProfileForm;
  picture: PictureState;
  video: VideoState;
  uploading: boolean;
  edit: (next: ProfileForm) => void;
  setPicture: (next: PictureState) => void;
  upload: (kind: MediaKind, file: Blob, filename: string, preview: string | null) => void;
}) {
  const { t } = useLingui();
  return picture.step === 'cropping' ? (
    <PictureCropper
      image={picture.image}
      onCancel={() => setPicture({ step: 'idle' })}
      onCropped={(blob) => upload('picture', blob, 'picture.jpg', URL.createObjectURL(blob))}
    />
  ) : (
    <div className="salon-profile__media">
      <MediaRow
        texts={{
          choose: form.picture_path ? t`Change the picture` : t`Add a picture`,
          remove: t`Remove the picture`,
          file: t`Picture file`,
          sending: t`Sending the picture…`,
          failed: t`The picture could not be sent.`,
        }}
        path={form.picture_path}
        accept={PICTURE_TYPES}
        state={picture}
        uploading={uploading}
        onRemove={() => edit({ ...form, picture_path: null })}
        onChoose={(file) => setPicture({ step: 'cropping', image: URL.createObjectURL(file) })}
      />
      <MediaRow
        texts={{
          choose: form.video_path ? t`Change the video` : t`Add a video`,
          remove: t`Remove the video`,
          file: t`Video file`,
          sending: t`Sending the video…`,
          failed: t`The video could not be sent.`,
        }}
        path={form.video_path}
        accept={VIDEO_TYPES}
        state={video}
        uploading={uploading}
        onRemove={() => edit({ ...form, video_path: null })}
        onChoose={(file) => upload('video', file, file.name, null)}
      />
    </div>
  );
}

/** One medium's row: choose (or change) the file, remove it, then what its upload says. */
function MediaRow({
  texts,
  path,
  accept,
  state,
  uploading,
  onRemove,
  onChoose,
}: {
  texts: { choose: string; remove: string; file: string; sending: string; failed: string };
  path: string | null;
  accept: string;
  state: PictureState | VideoState;
  uploading: boolean;
  onRemove: () => void;
  onChoose: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <>
      <div className="salon-profile__row">
        <button type="button" className="salon-profile__button" disabled={uploading} onClick={() => input.current?.click()}>
          {texts.choose}
        </button>
        {path && (
          <button type="button" className="salon-profile__button salon-profile__button--quiet" disabled={uploading} onClick={onRemove}>
            {texts.remove}
          </button>
        )}
        <input ref={input} type="file" accept={accept} hidden aria-label={texts.file} onChange={choose} />
      </div>
      {state.step === 'uploading' && (
        <p className="salon-profile__hint" role="status">
          {texts.sending}
        </p>
      )}
      {state.step === 'refused' && (
        <p className="salon-profile__error" role="alert">
          {state.message ?? texts.failed}
        </p>
      )}
    </>
  );
}
