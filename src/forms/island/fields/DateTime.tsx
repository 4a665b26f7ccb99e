/**
 * A date, plus a time for bookings ('Preferred {bookingType} Date' and '… Time'). The value is
 * "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", as the shared schema reads it.
 */
import { useEffect, useState } from 'react';
import { useField } from 'formik';
import type { FieldDef } from '../../definition.ts';
import { today } from '../../schema.ts';
import { useFields } from './context.ts';
import { ErrorText, Help, RequiredMark, useFieldState } from './shell.tsx';

export function splitDateTime(value: unknown): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(typeof value === 'string' ? value : '');
  return { date: m?.[1] ?? '', time: m?.[2] ?? '' };
}

export function joinDateTime(date: string, time: string): string {
  return date ? (time ? `${date}T${time}` : date) : '';
}

export default function DateTime({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const [input, , helpers] = useField<string>(field.name);
  const parts = splitDateTime(input.value);
  const [time, setTime] = useState(parts.time);
  // Today is the visitor's, not the build's: bounds are set once the page runs.
  const [bound, setBound] = useState<string>();
  useEffect(() => setBound(today()), []);

  const withTime = Boolean(field.bookingType);
  const rule = field.dateRule ?? (field.bookingType ? 'notPast' : undefined);
  const set = (date: string, t: string) => {
    clearServerError(field.name);
    void helpers.setValue(joinDateTime(date, withTime ? t : ''), true);
  };
  const timeId = `${state.id}-time`;

  return (
    <div className={`form-field field form-datetime${state.error ? ' has-error' : ''}`}>
      <div className="form-datetime-row">
        <div>
          <label htmlFor={state.id} className="field-label">
            {field.label}
            <RequiredMark required={field.required} />
          </label>
          <input
            {...state.control}
            className="input"
            type="date"
            value={parts.date}
            min={rule === 'notPast' ? bound : undefined}
            max={rule === 'past' ? bound : undefined}
            autoComplete={field.autoComplete}
            onChange={(e) => set(e.target.value, time)}
            onBlur={input.onBlur}
          />
        </div>
        {withTime && (
          <div>
            <label htmlFor={timeId} className="field-label">{`Preferred ${field.bookingType} Time`}</label>
            <input
              className="input"
              id={timeId}
              type="time"
              step={900}
              value={time}
              onChange={(e) => {
                setTime(e.target.value);
                if (parts.date) set(parts.date, e.target.value);
              }}
            />
          </div>
        )}
      </div>
      <Help id={state.id} field={field} />
      <ErrorText id={state.id} error={state.error} />
    </div>
  );
}
