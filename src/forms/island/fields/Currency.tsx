/** A dollar amount: typed freely, shown grouped ("30,000"), held as a number ('' when empty). */
import { useField } from 'formik';
import type { FieldDef } from '../../types.ts';
import { useFields } from './context.ts';
import { Shell, useFieldState } from './shell.tsx';

const grouped = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });

/** The amount in what the visitor typed ("$30,000.50" → 30000.5); '' when nothing numeric. */
export function parseCurrencyInput(text: string): number | '' {
  const digits = text.replace(/[^\d.]/g, '');
  if (!/\d/.test(digits)) return '';
  const [whole, ...rest] = digits.split('.');
  const n = Number(`${whole || '0'}${rest.length ? '.' + rest.join('').slice(0, 2) : ''}`);
  return Number.isFinite(n) ? n : '';
}

export function formatCurrencyValue(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return grouped.format(value);
  if (typeof value === 'string') return value;
  return '';
}

export default function Currency({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const [input, , helpers] = useField<number | string>(field.name);
  return (
    <Shell field={field} state={state}>
      <div className="form-currency">
        <span aria-hidden="true">$</span>
        <input
          {...state.control}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={field.placeholder?.replace(/^\$/, '')}
          value={formatCurrencyValue(input.value)}
          onChange={(e) => {
            clearServerError(field.name);
            void helpers.setValue(parseCurrencyInput(e.target.value), true);
          }}
          onBlur={input.onBlur}
        />
      </div>
    </Shell>
  );
}
