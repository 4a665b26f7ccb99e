/** One field of a FieldDef, by type; every control labelled, its error next to it. */
import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import { useField } from 'formik';
import type { FieldDef } from '../../types.ts';
import { PRIVACY_PATH, TERMS_PATH } from '../../../domain/routes.ts';
import { useFields } from './context.ts';
import { ErrorText, Help, RequiredMark, Shell, useFieldState } from './shell.tsx';
import Choice from './Choice.tsx';
import DateTime from './DateTime.tsx';
import Currency from './Currency.tsx';
import Captcha from './Captcha.tsx';

const inputTypes: Partial<Record<FieldDef['type'], string>> = { email: 'email', phone: 'tel' };

/** HTML allows "street-address" on multi-line controls only; a one-line input takes its first line. */
function inputAutoComplete(token: string | undefined): string | undefined {
  return token === 'street-address' ? 'address-line1' : token;
}

/** A checkbox label with the terms of use and privacy policy linked where it names them. */
function linkedLabel(label: string): ReactNode {
  const m = /(terms of use|terms and conditions|privacy policy)/i.exec(label);
  if (!m) return label;
  const href = /privacy/i.test(m[1]!) ? PRIVACY_PATH : TERMS_PATH;
  return (
    <>
      {label.slice(0, m.index)}
      <a href={href} target="_blank" rel="noopener">
        {m[1]}
      </a>
      {label.slice(m.index + m[1]!.length)}
    </>
  );
}

function Check({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const [input, , helpers] = useField<boolean>(field.name);
  return (
    <div className={`form-field form-field-wide form-check${state.error ? ' has-error' : ''}`}>
      <input
        {...state.control}
        type="checkbox"
        checked={input.value === true}
        onChange={(e) => {
          clearServerError(field.name);
          void helpers.setValue(e.target.checked, true);
        }}
        onBlur={input.onBlur}
      />
      <label htmlFor={state.id}>
        {linkedLabel(field.label)}
        <RequiredMark required={field.required} />
      </label>
      <Help id={state.id} field={field} />
      <ErrorText id={state.id} error={state.error} />
    </div>
  );
}

function Select({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const [input] = useField<string>(field.name);
  return (
    <Shell field={field} state={state}>
      <select
        {...state.control}
        className="select"
        value={String(input.value ?? '')}
        autoComplete={field.autoComplete}
        onChange={(e) => {
          clearServerError(field.name);
          input.onChange(e);
        }}
        onBlur={input.onBlur}
      >
        <option value="">{field.placeholder || 'Please select'}</option>
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

function Text({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const [input] = useField<string>(field.name);
  const listId = field.type === 'make' && field.options?.length ? `${state.id}-list` : undefined;
  const common = {
    ...state.control,
    value: String(input.value ?? ''),
    placeholder: field.placeholder,
    onBlur: input.onBlur,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      clearServerError(field.name);
      input.onChange(e);
    },
  };
  if (field.type === 'message') {
    return (
      <Shell field={field} state={state} wide>
        <textarea {...common} className="textarea" rows={4} />
      </Shell>
    );
  }
  return (
    <Shell field={field} state={state}>
      <input
        {...common}
        className="input"
        type={inputTypes[field.type] ?? 'text'}
        autoComplete={inputAutoComplete(field.autoComplete)}
        inputMode={(field.inputMode as HTMLAttributes<HTMLInputElement>['inputMode']) ?? undefined}
        autoCapitalize={field.type === 'rego' ? 'characters' : undefined}
        maxLength={field.type === 'year' ? 4 : undefined}
        list={listId}
      />
      {listId && (
        <datalist id={listId}>
          {field.options!.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </datalist>
      )}
    </Shell>
  );
}

function Hidden({ field }: { field: FieldDef }) {
  const [input] = useField<string>(field.name);
  return <input type="hidden" name={field.name} value={String(input.value ?? '')} />;
}

export default function Field({ field }: { field: FieldDef }) {
  switch (field.type) {
    case 'hidden':
      return <Hidden field={field} />;
    case 'check':
      return <Check field={field} />;
    case 'radio':
    case 'radioCard':
      return <Choice field={field} />;
    case 'select':
    case 'locationSelect':
    case 'leadCategorySelect':
      return <Select field={field} />;
    case 'dateTime':
      return <DateTime field={field} />;
    case 'currency':
      return <Currency field={field} />;
    case 'captcha':
      return <Captcha field={field} />;
    default:
      return <Text field={field} />;
  }
}
