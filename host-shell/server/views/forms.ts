import { html, type SafeHtml } from '../lib/html';

export interface FieldOptions {
  name: string;
  label: string;
  value?: string | null;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'url' | 'datetime-local';
  autocomplete?: string;
  required?: boolean;
  /** Prefix of the id, when two forms on one page have fields of the same name. */
  form?: string;
  hint?: string;
}

/** A labelled input; its error is tied to it with aria-describedby so screen readers read both. */
export function field(o: FieldOptions): SafeHtml {
  const id = `${o.form ?? 'f'}-${o.name}`;
  const errorId = `${id}-error`;
  return html`<label for="${id}">${o.label}${o.required ? ' *' : ''}</label>
<input id="${id}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.type === 'password' ? '' : (o.value ?? '')}"${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.required ? html` required` : ''}${o.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${o.hint ? html`<p class="hint">${o.hint}</p>` : ''}${o.error ? html`<p class="error" id="${errorId}">${o.error}</p>` : ''}`;
}

export function checkbox(o: { name: string; label: string; checked: boolean; form?: string }): SafeHtml {
  const id = `${o.form ?? 'f'}-${o.name}`;
  return html`<label class="check" for="${id}"><input id="${id}" type="checkbox" name="${o.name}" value="1"${o.checked ? html` checked` : ''}>${o.label}</label>`;
}

/** String values of a urlencoded body, trimmed except passwords; anything else (arrays, objects) is dropped. */
export function formStrings(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = key === 'password' ? value : value.trim();
  return out;
}
