import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { url } from '@salon/shared';
import { ExhibitorCard } from '@salon/shared/exhibitors';
import { getMyProfile, putMyProfile, uploadMedia, type ExhibitorProfileData, type MediaKind } from './api';
import { ContactFields } from './ContactFields';
import { BilingualInputs } from './Fields';
import { MediaFields, type PictureState, type VideoState } from './MediaFields';
import { formErrorsOf, serverMessage } from './serverErrors';
import { checkProfile, formOf, bodyOf, previewCard, type CardField, type IssueCode, type ProfileForm, type TextField } from './preview';
import { injectProfileStyles } from './styles';

export type { PictureState, VideoState };
export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string | null };

const ISSUES: Record<IssueCode, MessageDescriptor> = {
  email: msg`The email format is incorrect`,
  phone: msg`The number format is incorrect`,
  url: msg`Expected an address starting with http:// or https://`,
  tooLong: msg`Too long`,
  characters: msg`This field contains characters that are not allowed`,
};

/**
 * The exhibitor's card editor (`/exposant/profil`, spec §2.9, §5 "Field publication"): function and presentation in
 * French and English, picture (cropped to a square, uploaded as JPEG), video, contact details and the video link,
 * each field's publication, and beside them the card exactly as visitors see it (`ExhibitorCard`), following
 * every keystroke. Saving sends the whole card (PUT /api/exhibitors/me/profile); visitors' open cards follow
 * through the live activity.
 */
export function ExhibitorProfile() {
  injectProfileStyles();
  const { t, i18n } = useLingui();
  const [data, setData] = useState<ExhibitorProfileData | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [issues, setIssues] = useState<Partial<Record<TextField, IssueCode>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [picture, setPicture] = useState<PictureState>({ step: 'idle' });
  const [video, setVideo] = useState<VideoState>({ step: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();
  const previewId = useId();

  useEffect(() => {
    let live = true;
    setStatus('loading');
    getMyProfile().then(
      (loaded) => {
        if (!live) return;
        setData(loaded);
        setForm(formOf(loaded));
        setStatus('ready');
      },
      (error: unknown) => {
        console.error('[salon] the exhibitor card could not be loaded', error);
        if (live) setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // Object URLs made for the cropper and the picture's preview are let go when replaced.
  useEffect(() => {
    const address = picture.step === 'cropping' ? picture.image : picture.step === 'uploading' ? picture.preview : null;
    return () => {
      if (address?.startsWith('blob:')) URL.revokeObjectURL(address);
    };
  }, [picture]);

  if (status === 'loading') {
    return (
      <p className="salon-profile__status" role="status">
        {t`Loading your card…`}
      </p>
    );
  }
  if (status === 'error' || !data || !form) {
    return (
      <div className="salon-profile__status" role="alert">
        <p>{t`Your card could not be loaded.`}</p>
        <button type="button" className="salon-profile__button" onClick={() => setAttempt(attempt + 1)}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  const identity = data.identity;

  const edit = (next: ProfileForm) => {
    setForm(next);
    if (save.status === 'saved' || save.status === 'failed') setSave({ status: 'idle' });
  };
  const change = (field: TextField, value: string) => {
    edit({ ...form, values: { ...form.values, [field]: value } });
    if (issues[field]) setIssues({ ...issues, [field]: undefined });
    if (serverErrors[field]) setServerErrors({ ...serverErrors, [field]: undefined });
  };
  const toggle = (field: CardField) => edit({ ...form, published: { ...form.published, [field]: !form.published[field] } });
  const errorOf = (field: string): string | null => {
    const code = issues[field as TextField];
    if (code) return i18n._(ISSUES[code]);
    return serverErrors[field] ?? null;
  };

  async function upload(kind: MediaKind, file: Blob, filename: string, preview: string | null) {
    if (kind === 'picture') setPicture({ step: 'uploading', preview });
    else setVideo({ step: 'uploading' });
    try {
      const media = await uploadMedia(kind, file, filename);
      setForm((current) => (current ? { ...current, [kind === 'picture' ? 'picture_path' : 'video_path']: media.url } : current));
      setSave({ status: 'idle' });
      if (kind === 'picture') setPicture({ step: 'idle' });
      else setVideo({ step: 'idle' });
    } catch (error) {
      console.error(`[salon] the ${kind} was not uploaded`, error);
      const message = serverMessage(error);
      if (kind === 'picture') setPicture({ step: 'refused', message });
      else setVideo({ step: 'refused', message });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || save.status === 'saving') return;
    const found = checkProfile(form);
    setIssues(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      setSave({ status: 'failed', message: null });
      return;
    }
    setSave({ status: 'saving' });
    try {
      const saved = await putMyProfile(bodyOf(form));
      setData(saved);
      setForm(formOf(saved));
      setSave({ status: 'saved' });
    } catch (error) {
      console.error('[salon] the exhibitor card was not saved', error);
      const fields = formErrorsOf(error);
      setServerErrors(fields);
      setSave({ status: 'failed', message: Object.keys(fields).length > 0 ? null : serverMessage(error) });
    }
  }

  const uploading = picture.step === 'uploading' || video.step === 'uploading';
  const saving = save.status === 'saving';
  const hasErrors = Object.values(issues).some(Boolean) || Object.values(serverErrors).some(Boolean);
  const previewPicture = picture.step === 'uploading' ? picture.preview : null;
  const card = previewCard(form, identity, previewPicture);
  // The preview's main action would start a chat or a call with oneself: it only shows.
  const inertMainAction = (event: MouseEvent) => {
    if ((event.target as Element).closest('.salon-exhibitor-card__main')) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <div className="salon-profile">
      <form className="salon-profile__form" aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)}>
        <h2 id={headingId}>{t`My card`}</h2>

        <fieldset className="salon-profile__group">
          <legend>{t`Picture and video`}</legend>
          <MediaFields
            form={form}
            picture={picture}
            video={video}
            uploading={uploading}
            edit={edit}
            setPicture={setPicture}
            upload={(kind, file, filename, preview) => void upload(kind, file, filename, preview)}
          />
        </fieldset>

        <fieldset className="salon-profile__group">
          <legend>{t`Function and presentation`}</legend>
          <BilingualInputs field="function" form={form} errorOf={errorOf} onChange={change} />
          <BilingualInputs field="presentation" form={form} errorOf={errorOf} onChange={change} />
          <p className="salon-profile__hint">{t`The card shows the first 60 characters; visitors see the whole presentation by hovering it.`}</p>
        </fieldset>

        <ContactFields identity={identity} form={form} errorOf={errorOf} onChange={change} onToggle={toggle} />
        {(serverErrors.picture_path || serverErrors.video_path) && (
          <p className="salon-profile__error">{[serverErrors.picture_path, serverErrors.video_path].filter(Boolean).join(' ')}</p>
        )}

        <div className="salon-profile__actions">
          <button
            type="submit"
            className="salon-profile__button salon-profile__button--primary"
            disabled={uploading || picture.step === 'cropping'}
            aria-busy={saving || undefined}
          >
            {saving ? t`Saving…` : t`Save my card`}
          </button>
          <div className="salon-profile__result" role="status">
            {save.status === 'saved' && <span className="salon-profile__saved">{t`Your card has been saved. Visitors see it now.`}</span>}
          </div>
          {save.status === 'failed' && (
            <p className="salon-profile__error" role="alert">
              {save.message ?? (hasErrors ? t`Some fields need your attention.` : t`Your card could not be saved. Please try again.`)}
            </p>
          )}
        </div>
      </form>

      <section className="salon-profile__preview" aria-labelledby={previewId}>
        <h2 id={previewId}>{t`What visitors see`}</h2>
        <p className="salon-profile__hint">{t`Your card as it shows in the stand's contact point. Visitors browsing in the other language see your function and presentation in that language.`}</p>
        {/* Only a preview: its main action does nothing here. */}
        {identity.hidden && (
          <p className="salon-profile__notice" role="note">
            {t`Hidden: visitors do not see this card until you publish your profile.`} <a href={url('profile')}>{t`Publish it`}</a>
          </p>
        )}
        <div className="salon-profile__card" onClickCapture={inertMainAction}>
          <ExhibitorCard exhibitor={card} />
        </div>
        {!card.firstname && !card.lastname && (
          <p className="salon-profile__hint">{t`Neither name is shown: visitors see your nickname, or "Unknown user".`}</p>
        )}
      </section>
    </div>
  );
}
