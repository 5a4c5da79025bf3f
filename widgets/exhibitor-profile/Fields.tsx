import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FUNCTION_MAX, PRESENTATION_MAX, type CardField, type ProfileForm, type TextField } from './preview';

/** A text field of the card: its label, its error, and for a long text the characters left. */
export function TextInput({
  field,
  label,
  form,
  error,
  onChange,
  type = 'text',
  multiline = false,
  max,
  autoComplete,
  lang,
  extra,
}: {
  field: TextField;
  label: string;
  form: ProfileForm;
  error: string | null;
  onChange: (field: TextField, value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url';
  multiline?: boolean;
  max?: number;
  autoComplete?: string;
  lang?: string;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const value = form.values[field];
  const left = max === undefined ? null : max - value.length;
  const described = [error ? errorId : null, multiline && left !== null ? countId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    value,
    lang,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const;
  return (
    <div className="salon-profile__field">
      <div className="salon-profile__label-row">
        <label htmlFor={id}>{label}</label>
        {extra}
      </div>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(field, event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(event) => onChange(field, event.target.value)} />
      )}
      {multiline && left !== null && (
        <p id={countId} className={left < 0 ? 'salon-profile__count salon-profile__count--over' : 'salon-profile__count'}>
          {left >= 0 ? t`${left} characters left` : t`${-left} characters too many`}
        </p>
      )}
      {error && (
        <p id={errorId} className="salon-profile__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The function or the presentation in French and in English, side by side (`field` and `field_en`): the function a
 * line (the browser may fill the French one), the presentation a long text that counts its characters down.
 */
export function BilingualInputs({
  field,
  form,
  errorOf,
  onChange,
}: {
  field: 'function' | 'presentation';
  form: ProfileForm;
  errorOf: (field: TextField) => string | null;
  onChange: (field: TextField, value: string) => void;
}) {
  const { t } = useLingui();
  const inEnglish = `${field}_en` as const;
  const isFunction = field === 'function';
  const [french, english] = isFunction
    ? [t`Function (French)`, t`Function (English)`]
    : [t`Presentation (French)`, t`Presentation (English)`];
  const common = { form, onChange, multiline: !isFunction, max: isFunction ? FUNCTION_MAX : PRESENTATION_MAX };
  return (
    <div className="salon-profile__pair">
      <TextInput
        field={field}
        label={french}
        lang="fr"
        error={errorOf(field)}
        autoComplete={isFunction ? 'organization-title' : undefined}
        {...common}
      />
      <TextInput field={inEnglish} label={english} lang="en" error={errorOf(inEnglish)} {...common} />
    </div>
  );
}

/** The box that shows a field on the card. */
export function PublishBox({
  field,
  label,
  form,
  onToggle,
}: {
  field: CardField;
  label: string;
  form: ProfileForm;
  onToggle: (field: CardField) => void;
}) {
  const { t } = useLingui();
  return (
    <label className="salon-profile__publish">
      <input type="checkbox" checked={form.published[field]} onChange={() => onToggle(field)} aria-label={t`Show ${label} on my card`} />
      <span aria-hidden="true">{t`On my card`}</span>
    </label>
  );
}
