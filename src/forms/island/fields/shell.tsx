/** The parts every field shares: its label, help text, error message and their ARIA wiring. */
import type { ReactNode } from 'react';
import { useField } from 'formik';
import type { FieldDef } from '../../types.ts';
import { fieldId, useFields } from './context.ts';

export interface FieldState {
  id: string;
  error?: string;
  /** Props for the control that the label names. */
  control: {
    id: string;
    name: string;
    required: boolean;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/** The field's id, visible error (after a touch, or from the server) and control ARIA props. */
export function useFieldState(field: FieldDef): FieldState {
  const { idBase, serverErrors } = useFields();
  const [, meta] = useField(field.name);
  const id = fieldId(idBase, field.name);
  const error = (meta.touched && typeof meta.error === 'string' ? meta.error : undefined) || serverErrors[field.name];
  const describedBy = [field.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    error,
    control: {
      id,
      name: field.name,
      required: field.required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function Help({ id, field }: { id: string; field: FieldDef }) {
  return field.help ? (
    <p className="form-help field-hint" id={`${id}-help`}>
      {field.help}
    </p>
  ) : null;
}

export function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="form-error field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

/** Label above the control, then help and error. */
export function Shell({
  field,
  state,
  children,
  wide,
}: {
  field: FieldDef;
  state: FieldState;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`form-field field${wide ? ' form-field-wide' : ''}${state.error ? ' has-error' : ''}`}>
      <label htmlFor={state.id} className="field-label">
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {children}
      <Help id={state.id} field={field} />
      <ErrorText id={state.id} error={state.error} />
    </div>
  );
}
