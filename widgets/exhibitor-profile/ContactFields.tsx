import { useLingui } from '@lingui/react/macro';
import { url } from '@salon/shared';
import type { ExhibitorProfileData } from './api';
import { PublishBox, TextInput } from './Fields';
import type { CardField, ProfileForm, TextField } from './preview';

/** The contact details a card can publish: the names (edited on `/profil`) and the four fields, each with its box. */
export function ContactFields({
  identity,
  form,
  errorOf,
  onChange,
  onToggle,
}: {
  identity: ExhibitorProfileData['identity'];
  form: ProfileForm;
  errorOf: (field: TextField) => string | null;
  onChange: (field: TextField, value: string) => void;
  onToggle: (field: CardField) => void;
}) {
  const { t } = useLingui();
  // In "Show {label} on my card" (French puts an article in front: "le prénom").
  const boxLabels: Record<CardField, string> = {
    firstname: t({ message: 'first name', context: 'published card field' }),
    lastname: t({ message: 'last name', context: 'published card field' }),
    contact_email: t({ message: 'contact email', context: 'published card field' }),
    mobile: t({ message: 'mobile phone', context: 'published card field' }),
    linkedin: t({ message: 'LinkedIn', context: 'published card field' }),
    visio_link: t({ message: 'video call link', context: 'published card field' }),
  };
  const fields: { field: TextField & CardField; label: string; type: 'email' | 'tel' | 'url'; autoComplete?: string }[] = [
    { field: 'contact_email', label: t`Contact email`, type: 'email', autoComplete: 'email' },
    { field: 'mobile', label: t`Mobile phone`, type: 'tel', autoComplete: 'tel' },
    { field: 'linkedin', label: t`LinkedIn`, type: 'url' },
    { field: 'visio_link', label: t`Video call link`, type: 'url' },
  ];
  const box = (field: CardField) => <PublishBox field={field} label={boxLabels[field]} form={form} onToggle={onToggle} />;
  return (
    <fieldset className="salon-profile__group">
      <legend>{t`Contact details`}</legend>
      <p className="salon-profile__hint">{t`Tick what visitors may see. A field is shown only when it has a value and is ticked.`}</p>
      <div className="salon-profile__names">
        <span>
          <span className="salon-profile__muted">{t`First name`}</span> <strong>{identity.firstname ?? '—'}</strong>
        </span>
        {box('firstname')}
        <span>
          <span className="salon-profile__muted">{t`Last name`}</span> <strong>{identity.lastname ?? '—'}</strong>
        </span>
        {box('lastname')}
      </div>
      <p className="salon-profile__hint">
        {t`Your names are changed on your profile page.`} <a href={url('profile')}>{t`My profile`}</a>
      </p>
      {fields.map((input) => (
        <TextInput key={input.field} {...input} form={form} error={errorOf(input.field)} onChange={onChange} extra={box(input.field)} />
      ))}
    </fieldset>
  );
}
