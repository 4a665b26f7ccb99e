/** Radio buttons and radio cards: one fieldset, its legend the field label. */
import { useRef } from 'react';
import { useField } from 'formik';
import type { FieldDef } from '../../types.ts';
import { useFields } from './context.ts';
import { ErrorText, Help, RequiredMark, useFieldState } from './shell.tsx';

export default function Choice({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError, chose } = useFields();
  const [input, , helpers] = useField<string>(field.name);
  const cards = field.type === 'radioCard';
  const options = field.options ?? [];
  // Arrow keys move through the options without choosing; Enter, Space or a click choose.
  const arrowed = useRef(false);
  return (
    <fieldset
      className={`form-field field form-field-wide form-choice${cards ? ' form-cards' : ''}${state.error ? ' has-error' : ''}`}
      aria-describedby={state.control['aria-describedby']}
      aria-invalid={state.control['aria-invalid']}
    >
      <legend className="field-label">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      <div className="form-options">
        {options.map((o, i) => {
          const optionId = `${state.id}-${i}`;
          return (
            <div className={cards ? 'form-card-option' : 'form-radio-option'} key={o.value}>
              <input
                type="radio"
                id={optionId}
                name={field.name}
                value={o.value}
                checked={String(input.value) === o.value}
                required={field.required}
                onKeyDown={(e) => {
                  arrowed.current = e.key.startsWith('Arrow');
                  if (e.key === 'Enter') chose(field.name);
                }}
                onChange={() => {
                  clearServerError(field.name);
                  void helpers.setValue(o.value, true);
                  if (!arrowed.current) chose(field.name);
                  arrowed.current = false;
                }}
                onBlur={input.onBlur}
              />
              <label htmlFor={optionId}>{o.label}</label>
            </div>
          );
        })}
      </div>
      <Help id={state.id} field={field} />
      <ErrorText id={state.id} error={state.error} />
    </fieldset>
  );
}
