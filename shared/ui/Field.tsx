import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { injectStyles } from './styles';

function injectFieldStyles(): void {
  injectStyles(
    'salon-field-styles',
    `.salon-field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 .75rem}
.salon-field label{font-weight:600}
.salon-field input:not([type=checkbox]):not([type=radio]),.salon-field textarea,.salon-field select{padding:.45rem .55rem;border:1px solid #a1a1aa;border-radius:4px;font:inherit;color:inherit;background:#fff}
.salon-field [aria-invalid=true]{border-color:#b42318}
.salon-field__error{margin:0;color:#b42318;font-size:.85rem}
.salon-field__hint{margin:0;color:#52525b;font-size:.85rem}
.salon-field--check{flex-direction:row;flex-wrap:wrap;align-items:flex-start;gap:.5rem}
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

function describedBy(errorId: string, hintId: string, error: ReactNode, hint: ReactNode): string | undefined {
  const ids = [error ? errorId : null, hint ? hintId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Mandatory({ required }: { required: boolean | undefined }) {
  return required ? <span aria-hidden="true"> *</span> : null;
}

export type TextFieldProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled input with its error under it (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, hint, required, id, ...input }: TextFieldProps) {
  injectFieldStyles();
  const own = useId();
  const inputId = id ?? own;
  return (
    <div className="salon-field">
      <label htmlFor={inputId}>
        {label}
        <Mandatory required={required} />
      </label>
      <input {...input} id={inputId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${inputId}-error`, `${inputId}-hint`, error, hint)} />
      {hint && <p className="salon-field__hint" id={`${inputId}-hint`}>{hint}</p>}
      {error && <p className="salon-field__error" id={`${inputId}-error`}>{error}</p>}
    </div>
  );
}

export type TextAreaFieldProps = FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export function TextAreaField({ label, error, hint, required, id, ...area }: TextAreaFieldProps) {
  injectFieldStyles();
  const own = useId();
  const areaId = id ?? own;
  return (
    <div className="salon-field">
      <label htmlFor={areaId}>
        {label}
        <Mandatory required={required} />
      </label>
      <textarea {...area} id={areaId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${areaId}-error`, `${areaId}-hint`, error, hint)} />
      {hint && <p className="salon-field__hint" id={`${areaId}-hint`}>{hint}</p>}
      {error && <p className="salon-field__error" id={`${areaId}-error`}>{error}</p>}
    </div>
  );
}

export type SelectFieldProps = FieldShell & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled select (its `<option>`s as children) with its error under it. */
export function SelectField({ label, error, hint, required, id, children, ...select }: SelectFieldProps) {
  injectFieldStyles();
  const own = useId();
  const selectId = id ?? own;
  return (
    <div className="salon-field">
      <label htmlFor={selectId}>
        {label}
        <Mandatory required={required} />
      </label>
      <select {...select} id={selectId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${selectId}-error`, `${selectId}-hint`, error, hint)}>
        {children}
      </select>
      {hint && <p className="salon-field__hint" id={`${selectId}-hint`}>{hint}</p>}
      {error && <p className="salon-field__error" id={`${selectId}-error`}>{error}</p>}
    </div>
  );
}

export type CheckboxFieldProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'>;

/** A checkbox with its label beside it (consents: the label is the wording the lead records). */
export function CheckboxField({ label, error, hint, required, id, ...input }: CheckboxFieldProps) {
  injectFieldStyles();
  const own = useId();
  const inputId = id ?? own;
  return (
    <div className="salon-field salon-field--check">
      <input {...input} type="checkbox" id={inputId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${inputId}-error`, `${inputId}-hint`, error, hint)} />
      <label htmlFor={inputId}>
        {label}
        <Mandatory required={required} />
      </label>
      {hint && <p className="salon-field__hint" id={`${inputId}-hint`}>{hint}</p>}
      {error && <p className="salon-field__error" id={`${inputId}-error`}>{error}</p>}
    </div>
  );
}
