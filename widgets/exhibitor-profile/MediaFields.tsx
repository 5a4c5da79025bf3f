import { useRef, type ChangeEvent } from 'react';
import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MediaKind } from './api';
import { PictureCropper } from './PictureCropper';
import type { ProfileForm } from './preview';

export type PictureState =
  | { step: 'idle' }
  | { step: 'cropping'; image: string }
  | { step: 'uploading'; preview: string | null }
  | { step: 'refused'; message: string | null };
export type VideoState = { step: 'idle' } | { step: 'uploading' } | { step: 'refused'; message: string | null };

/**
 * The files each medium's picker accepts: the videos the server takes (`VIDEO_TYPES`, shared/contracts/medias.ts; a
 * test checks they agree), no `.mov` it would refuse; a picture is cropped and sent again as an image the server
 * takes, so any image the browser reads will do.
 */
export const ACCEPT: Record<MediaKind, string> = {
  picture: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/webm',
};

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
  if (picture.step === 'cropping')
    return (
      <PictureCropper
        image={picture.image}
        onCancel={() => setPicture({ step: 'idle' })}
        onCropped={(blob) => upload('picture', blob, 'picture.jpg', URL.createObjectURL(blob))}
      />
    );
  // The picture is cropped before it is sent; the video is sent as it is.
  const rows: [MediaKind, PictureState | VideoState, (file: File) => void][] = [
    ['picture', picture, (file) => setPicture({ step: 'cropping', image: URL.createObjectURL(file) })],
    ['video', video, (file) => upload('video', file, file.name, null)],
  ];
  return (
    <div className="salon-profile__media">
      {rows.map(([kind, state, onChoose]) => (
        <MediaRow
          key={kind}
          kind={kind}
          path={form[`${kind}_path`]}
          state={state}
          uploading={uploading}
          onRemove={() => edit({ ...form, [`${kind}_path`]: null })}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}

/** One medium's row: choose (or change) the file, remove it, then what its upload says; each text names its medium. */
function MediaRow({
  kind,
  path,
  state,
  uploading,
  onRemove,
  onChoose,
}: {
  kind: MediaKind;
  path: string | null;
  state: PictureState | VideoState;
  uploading: boolean;
  onRemove: () => void;
  onChoose: (file: File) => void;
}) {
  useLingui(); // its texts follow the locale
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
          {path
            ? select(kind, { picture: 'Change the picture', other: 'Change the video' })
            : select(kind, { picture: 'Add a picture', other: 'Add a video' })}
        </button>
        {path && (
          <button type="button" className="salon-profile__button salon-profile__button--quiet" disabled={uploading} onClick={onRemove}>
            {select(kind, { picture: 'Remove the picture', other: 'Remove the video' })}
          </button>
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT[kind]}
          hidden
          aria-label={select(kind, { picture: 'Picture file', other: 'Video file' })}
          onChange={choose}
        />
      </div>
      {state.step === 'uploading' && (
        <p className="salon-profile__hint" role="status">
          {select(kind, { picture: 'Sending the picture…', other: 'Sending the video…' })}
        </p>
      )}
      {state.step === 'refused' && (
        <p className="salon-profile__error" role="alert">
          {state.message ?? select(kind, { picture: 'The picture could not be sent.', other: 'The video could not be sent.' })}
        </p>
      )}
    </>
  );
}
