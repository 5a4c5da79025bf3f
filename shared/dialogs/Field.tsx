import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { injectStyles } from '@salon/shared';

function injectFieldStyles(): void {
  injectStyles(
    'salon-field-styles',
    `.salon-field{display:flex;flex-direction:column;gap:var(--salon-space-xs);margin:0 0 .75rem}
.salon-field label{font-weight:600}
.salon-field input:not([type=checkbox]):not([type=radio]),.salon-field textarea,.salon-field select{padding:.45rem .55rem;border:1px solid #a1a1aa;border-radius:var(--salon-radius-s);font:inherit;color:inherit;background:var(--salon-surface)}
.salon-field [aria-invalid=true]{border-color:#b42318}
.salon-field__error{margin:0;color:var(--salon-danger);font-size:var(--salon-font-s)}
.salon-field__hint{margin:0;color:var(--salon-text-muted);font-size:var(--salon-font-s)}
.salon-field--check{flex-direction:row;flex-wrap:wrap;align-items:flex-start;gap:var(--salon-space-s)}
.salon-field--check label{flex:1;font-weight:400}
.salon-field--check .salon-field__error{flex-basis:100%}`,
  );
}

interface FieldShell {
  /** The visible label (a `*` is added when required: spec §5 "Fields marked * are mandatory"). */
  label: ReactNode;
  /** The message under the field, or null/undefined when valid. */
  error?: ReactNode;
  hint?: ReactNode;
}

/** What the control itself gets: its id, and the states its label, hint and error give it. */
interface ControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps extends FieldShell {
  id: string | undefined;
  required: boolean | undefined;
  /** A checkbox comes before its label, on one line. */
  check?: boolean;
  control: (props: ControlProps) => ReactNode;
}

/** The label, the control, the hint and the error under it, tied together by ids. */
function FieldFrame({ id, label, error, hint, required, check = false, control }: FieldFrameProps) {
  injectFieldStyles();
  const own = useId();
  const controlId = id ?? own;
  const described = [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ');
  const labelElement = (
    <label htmlFor={controlId}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className={check ? 'salon-field salon-field--check' : 'salon-field'}>
      {!check && labelElement}
      {control({ id: controlId, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {check && labelElement}
      {hint && (
        <p className="salon-field__hint" id={`${controlId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="salon-field__error" id={`${controlId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled input with its error under it (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, hint, required, id, ...input }: TextFieldProps) {
  return <FieldFrame {...{ label, error, hint, required, id }} control={(props) => <input {...input} {...props} />} />;
}

export type TextAreaFieldProps = FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export function TextAreaField({ label, error, hint, required, id, ...area }: TextAreaFieldProps) {
  return <FieldFrame {...{ label, error, hint, required, id }} control={(props) => <textarea {...area} {...props} />} />;
}

export type SelectFieldProps = FieldShell & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled select (its `<option>`s as children) with its error under it. */
export function SelectField({ label, error, hint, required, id, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, id }}
      control={(props) => (
        <select {...select} {...props}>
          {children}
        </select>
      )}
    />
  );
}

export type CheckboxFieldProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'>;

/** A checkbox with its label beside it (consents: the label is the wording the lead records). */
export function CheckboxField({ label, error, hint, required, id, ...input }: CheckboxFieldProps) {
  return (
    <FieldFrame {...{ label, error, hint, required, id }} check control={(props) => <input {...input} {...props} type="checkbox" />} />
  );
}
