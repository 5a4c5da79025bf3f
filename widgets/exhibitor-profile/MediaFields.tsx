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
  const pictureInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setPicture({ step: 'cropping', image: URL.createObjectURL(file) });
  };
  const chooseVideo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload('video', file, file.name, null);
  };
  return picture.step === 'cropping' ? (
    <PictureCropper
      image={picture.image}
      onCancel={() => setPicture({ step: 'idle' })}
      onCropped={(blob) => upload('picture', blob, 'picture.jpg', URL.createObjectURL(blob))}
    />
  ) : (
    <div className="salon-profile__media">
      <div className="salon-profile__row">
        <button type="button" className="salon-profile__button" disabled={uploading} onClick={() => pictureInput.current?.click()}>
          {form.picture_path ? t`Change the picture` : t`Add a picture`}
        </button>
        {form.picture_path && (
          <button
            type="button"
            className="salon-profile__button salon-profile__button--quiet"
            disabled={uploading}
            onClick={() => edit({ ...form, picture_path: null })}
          >
            {t`Remove the picture`}
          </button>
        )}
        <input ref={pictureInput} type="file" accept={PICTURE_TYPES} hidden aria-label={t`Picture file`} onChange={choosePicture} />
      </div>
      {picture.step === 'uploading' && (
        <p className="salon-profile__hint" role="status">
          {t`Sending the picture…`}
        </p>
      )}
      {picture.step === 'refused' && (
        <p className="salon-profile__error" role="alert">
          {picture.message ?? t`The picture could not be sent.`}
        </p>
      )}
      <div className="salon-profile__row">
        <button type="button" className="salon-profile__button" disabled={uploading} onClick={() => videoInput.current?.click()}>
          {form.video_path ? t`Change the video` : t`Add a video`}
        </button>
        {form.video_path && (
          <button
            type="button"
            className="salon-profile__button salon-profile__button--quiet"
            disabled={uploading}
            onClick={() => edit({ ...form, video_path: null })}
          >
            {t`Remove the video`}
          </button>
        )}
        <input ref={videoInput} type="file" accept={VIDEO_TYPES} hidden aria-label={t`Video file`} onChange={chooseVideo} />
      </div>
      {video.step === 'uploading' && (
        <p className="salon-profile__hint" role="status">
          {t`Sending the video…`}
        </p>
      )}
      {video.step === 'refused' && (
        <p className="salon-profile__error" role="alert">
          {video.message ?? t`The video could not be sent.`}
        </p>
      )}
    </div>
  );
}
