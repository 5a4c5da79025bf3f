import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { url, type LocaleCode } from '@salon/shared';
import { CheckboxField, TextAreaField, TextField } from '@salon/shared/dialogs';
import { CONSENTS, consentWording, type ConsentKey, type FormRules } from '@salon/shared/forms';
import type { FieldError, FormView, LeadForm } from './leadForm';

interface Bound<R extends FormRules> {
  form: LeadForm<R>;
  view: FormView;
  name: keyof R & string;
}

function useErrorText(error: FieldError | undefined): string | undefined {
  const { i18n } = useLingui();
  if (error === undefined) return undefined;
  return typeof error === 'string' ? error : i18n._(error);
}

type TextProps<R extends FormRules> = Bound<R> & { label: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'children'
  >;

/** A text input bound to its form: value, change, leave, and the message under it. */
export function FormText<R extends FormRules>({ form, view, name, label, ...input }: TextProps<R>) {
  const error = useErrorText(view.errors[name]);
  return (
    <TextField
      {...input}
      label={label}
      name={name}
      value={String(view.values[name] ?? '')}
      error={error}
      onChange={(event) => form.setField(name, event.target.value)}
      onBlur={() => form.touchField(name)}
    />
  );
}

export function FormTextArea<R extends FormRules>({
  form,
  view,
  name,
  label,
  maxLength,
}: Bound<R> & { label: ReactNode; maxLength?: number }) {
  const error = useErrorText(view.errors[name]);
  return (
    <TextAreaField
      label={label}
      name={name}
      rows={3}
      maxLength={maxLength}
      value={String(view.values[name] ?? '')}
      error={error}
      onChange={(event) => form.setField(name, event.target.value)}
      onBlur={() => form.touchField(name)}
    />
  );
}

/**
 * A consent box: its label is the versioned wording (`@salon/shared/forms` consents) in the page's language, the
 * very text the server records with the lead; the page it refers to is linked under it.
 */
export function ConsentBox<R extends FormRules>({
  form,
  view,
  name,
  consent,
  locale,
  required = false,
}: Bound<R> & { consent: ConsentKey; locale: LocaleCode; required?: boolean }) {
  const { t } = useLingui();
  const error = useErrorText(view.errors[name]);
  const link = CONSENTS[consent].link;
  const hint =
    link === 'contest-rules' ? (
      <a href={url('contest-rules')} target="_blank" rel="noopener">
        {t`Read the contest rules`}
      </a>
    ) : link === 'privacy-policy' ? (
      <a href={url('privacy-policy')} target="_blank" rel="noopener">
        {t`Read the privacy policy`}
      </a>
    ) : undefined;
  return (
    <CheckboxField
      label={consentWording(consent, locale)}
      name={name}
      required={required}
      checked={view.values[name] === true}
      error={error}
      hint={hint}
      onChange={(event) => form.setField(name, event.target.checked)}
    />
  );
}

/** A form's end: the mandatory fields' note and Send ("Sending…" while it sends). */
export function FormEnd({ disabled, sending }: { disabled: boolean; sending: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <p className="salon-lead__note">{t`Fields marked * are mandatory`}</p>
      <div className="salon-lead__actions">
        <button
          type="submit"
          className="salon-lead__button salon-lead__button--primary"
          disabled={disabled}
          aria-busy={sending || undefined}
        >
          {sending ? t`Sending…` : t`Send`}
        </button>
      </div>
    </>
  );
}

/** A form's submit: `run` sends (or shows every message); then the first field with a message gets the focus. */
export function onSubmitForm(run: () => Promise<unknown>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void run().then(() => {
      // After React has rendered the messages.
      setTimeout(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
    });
  };
}
