import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { closeModal, type Modal } from '@salon/shared';
import { ModalFrame, SelectField, TextAreaField, TextField } from '@salon/shared/dialogs';
import { createContactStore, type ContactState } from './contact';
import { Sent } from './Sent';
import { injectEngageStyles } from './styles';

/**
 * Contact an organizer (spec §2.4, §5): a subject (ask a question, or rectify or delete my data), a message, and
 * the email when the visitor is not logged in. `initial` is for stories and tests.
 */
export function ContactOrganizer({ initial }: { modal: Extract<Modal, { name: 'contact-organizer' }>; initial?: Partial<ContactState> }) {
  injectEngageStyles();
  const { t, i18n } = useLingui();
  const [store] = useState(() => createContactStore(initial));
  const state = useStore(store.$state);
  const form = useRef<HTMLFormElement>(null);
  const text = (message: MessageDescriptor | string | undefined) =>
    message === undefined ? undefined : typeof message === 'string' ? message : i18n._(message);

  useEffect(() => {
    if (state.rejected > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.rejected]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void store.submit();
  }

  const { values, errors } = state;
  return (
    <ModalFrame name="contact-organizer" title={t`Contact the organizer`}>
      {state.status === 'sent' ? (
        <Sent>{state.serverMessage ?? t`Your message has been sent to the organizer.`}</Sent>
      ) : (
        <form ref={form} className="salon-engage" noValidate data-validated={state.validated ? '' : undefined} onSubmit={onSubmit}>
          <p className="salon-engage__intro">{t`Fields marked * are mandatory.`}</p>
          {state.serverMessage && (
            <p className="salon-engage__alert" role="alert">
              {state.serverMessage}
            </p>
          )}
          {!state.authenticated && (
            <TextField
              label={t`Your email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              error={text(errors.email)}
              onChange={(event) => store.setValue('email', event.currentTarget.value)}
            />
          )}
          <SelectField
            label={t`Subject`}
            name="subject"
            required
            value={values.subject}
            error={text(errors.subject)}
            onChange={(event) => store.setValue('subject', event.currentTarget.value === 'edit_delete' ? 'edit_delete' : 'question')}
          >
            <option value="question">{t`Ask a question`}</option>
            <option value="edit_delete">{t`Rectify or delete my data`}</option>
          </SelectField>
          <TextAreaField
            label={t`Your message`}
            name="message"
            rows={5}
            required
            value={values.message}
            error={text(errors.message)}
            onChange={(event) => store.setValue('message', event.currentTarget.value)}
          />
          <div className="salon-engage__actions">
            <button type="button" className="salon-engage__button" onClick={() => closeModal()}>
              {t`Cancel`}
            </button>
            <button
              type="submit"
              className="salon-engage__button salon-engage__button--primary"
              disabled={state.status === 'sending'}
              aria-busy={state.status === 'sending' || undefined}
            >
              {state.status === 'sending' ? t`Sending…` : t`Send`}
            </button>
          </div>
        </form>
      )}
    </ModalFrame>
  );
}
