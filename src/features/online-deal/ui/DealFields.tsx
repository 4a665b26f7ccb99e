/**
 * The deal forms' shared parts: a labelled field with its hint and the server's problem beside it
 * (aria-invalid, aria-describedby), a part's problems without their prefix, a form's values, and
 * a step's buttons.
 */
import { useState, type ReactNode } from 'react';
import type { Fields } from './deal-client.ts';

export type SavePart = (part: Record<string, unknown>) => Promise<Fields | undefined>;

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  hint?: string;
}

export function Field({ id, label, error, required, children, hint }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`form-field field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="deal-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <p className="form-error field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The problems of one part, without its prefix ("trade_in.year" → "year"). */
export function partErrors(fields: Fields, part: string): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields))
    if (k === part || k.startsWith(`${part}.`)) out[k.slice(part.length + 1) || '_'] = v;
  return out;
}

/**
 * A step's problems after a save: its own fields' by name; a problem of another part (a finance
 * quote refused over the contact details) or of the whole deal as the step's message (`_`).
 */
export function stepErrors(fields: Fields | undefined, part: string): Fields {
  if (!fields) return {};
  const own = partErrors(fields, part);
  if (Object.keys(own).length) return own;
  const [path, message] = Object.entries(fields)[0] ?? [];
  if (!message) return {};
  const field = path && path !== '_' ? FIELD_NAMES[path] : undefined;
  return { _: field ? `${field}: ${message.replace(/^\*/, '')}` : message };
}

const FIELD_NAMES: Record<string, string> = {
  'contact.first_name': 'First name',
  'contact.last_name': 'Last name',
  'contact.email': 'Email',
  'contact.phone': 'Mobile phone',
};

export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof T & string) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });
  return { values, bind, setValues };
}

export function Actions({
  busy,
  label,
  onSkip,
  skipLabel,
}: {
  busy: boolean;
  label: string;
  onSkip?: () => void;
  skipLabel: string;
}) {
  return (
    <div className="deal-actions">
      <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
        {busy ? 'Saving…' : label}
      </button>
      {onSkip && (
        <button type="button" className="btn btn-link" onClick={onSkip}>
          {skipLabel}
        </button>
      )}
    </div>
  );
}
