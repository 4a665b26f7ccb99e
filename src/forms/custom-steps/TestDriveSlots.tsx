/**
 * The `testDriveSlots` step (see test-drive-slots.ts): the dealership, then the open days of the
 * next fortnight and the free half-hour slots of the chosen day, each a radio group (arrow keys
 * move through a group, Space, Enter or a click choose). Picking a slot sets `preferred_date`
 * to "YYYY-MM-DDTHH:MM" (local to the dealership) and, on a step whose Next is hidden, moves on.
 *
 * Days and slots depend on the visitor's clock, so they are listed once the page runs; the server
 * render holds the dealership choice and a line saying times are loading.
 */
import { useEffect, useRef, useState } from 'react';
import { useField, useFormikContext } from 'formik';
import type { FieldDef } from '../types.ts';
import type { CustomStepProps } from './index.ts';
import type { Values } from '../island/values.ts';
import { useFields } from '../island/fields/context.ts';
import { ErrorText, RequiredMark, useFieldState } from '../island/fields/shell.tsx';
import Field from '../island/fields/Field.tsx';
import { splitDateTime } from '../island/fields/DateTime.tsx';
import {
  bookingLocation,
  clockText,
  dayText,
  hoursFor,
  offeredDays,
  offeredSlots,
  slotFields,
  zoneCity,
} from './test-drive-slots.ts';

export default function TestDriveSlots({ step }: CustomStepProps) {
  const { location, date } = slotFields(step);
  return date ? <Picker date={date} {...(location ? { location } : {})} /> : null;
}

function Picker({ location, date }: { location?: FieldDef; date: FieldDef }) {
  const { chose, clearServerError } = useFields();
  const { values } = useFormikContext<Values>();
  const [input, , helpers] = useField<string>(date.name);
  const state = useFieldState(date);
  // The visitor's clock, once the page runs (the build's would be stale).
  const [now, setNow] = useState<Date>();
  useEffect(() => setNow(new Date()), []);

  const where = bookingLocation(date, values);
  const hours = hoursFor(date, values);
  const options = location?.type === 'locationSelect' ? (location.options ?? []) : [];
  const listed = options.some((o) => o.value === where);
  // A dealership the visitor already gave (on an earlier step) is shown as a line they may change.
  const [choosing, setChoosing] = useState(() => options.length > 0 && !listed);

  const days = hours && now ? offeredDays(hours, now) : [];
  const picked = splitDateTime(input.value);
  const [shownDay, setShownDay] = useState<string>();
  const day = [shownDay, picked.date].find((d) => d && days.includes(d)) ?? days[0];
  const slots = hours && now && day ? offeredSlots(hours, day, now) : [];

  // A slot of another dealership, or one that has passed, is no longer a choice.
  useEffect(() => {
    if (!hours || !now || !picked.date) return;
    if (!offeredSlots(hours, picked.date, now).includes(picked.time)) void helpers.setValue('', false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Checked again when the location or today changes, not on each change of the slot itself.
  }, [where, now]);

  const pick = (value: string, moveOn: boolean) => {
    clearServerError(date.name);
    void helpers.setValue(value, true);
    if (moveOn) chose(date.name);
  };
  // Arrow keys move through the slots without leaving the step; Space, Enter or a click choose.
  const arrowed = useRef(false);
  const ids = { day: `${state.id}-day`, time: `${state.id}-time` };
  const browserZone = now ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const name = options.find((o) => o.value === where)?.label;

  return (
    <div className="form-field-wide slot-picker">
      {options.length > 0 &&
        (choosing || !listed ? (
          <Field field={location!} />
        ) : (
          <p className="slot-location">
            <span className="slot-location-text">
              <span className="slot-location-label">Test drive at</span> <strong>{name}</strong>
            </span>
            <button type="button" className="btn btn-ghost slot-change" onClick={() => setChoosing(true)}>
              Change<span className="visually-hidden"> dealership</span>
            </button>
          </p>
        ))}
      {!hours &&
        (where || !options.length ? (
          <>
            <p className="form-help slot-note">
              This dealership's opening hours are not online yet: choose the day and time that suit you and we will
              confirm.
            </p>
            <Field field={date} />
          </>
        ) : (
          <p className="form-help slot-note">Choose a dealership to see its available times.</p>
        ))}
      {hours && !now && <p className="form-help slot-note">Loading the available times…</p>}
      {hours && now && !days.length && (
        <p className="form-help slot-note">There are no times available online. Please call the dealership to book.</p>
      )}
      {hours && now && day && (
        <>
          <fieldset className="slot-group">
            <legend className="field-label" id={`${ids.day}-legend`}>
              {date.label}
              <RequiredMark required={date.required} />
            </legend>
            <div className="slot-options slot-days">
              {days.map((d) => {
                const text = dayText(d);
                return (
                  <div className="slot-option" key={d}>
                    <input
                      type="radio"
                      id={`${ids.day}-${d}`}
                      name={`${date.name}_day`}
                      value={d}
                      checked={d === day}
                      onChange={() => setShownDay(d)}
                    />
                    <label htmlFor={`${ids.day}-${d}`}>
                      <span className="slot-weekday" aria-hidden="true">
                        {text.weekday}
                      </span>
                      <span className="slot-daynum" aria-hidden="true">
                        {text.day}
                      </span>
                      <span className="slot-month" aria-hidden="true">
                        {text.month}
                      </span>
                      <span className="visually-hidden">{text.long}</span>
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <fieldset
            className={`slot-group${state.error ? ' has-error' : ''}`}
            aria-describedby={state.control['aria-describedby']}
            aria-invalid={state.control['aria-invalid']}
          >
            <legend className="field-label">
              {`Times on ${dayText(day).long}`}
              <RequiredMark required={date.required} />
            </legend>
            {browserZone && browserZone !== hours.timeZone && (
              <p className="form-help slot-note">{`Times are ${zoneCity(hours.timeZone)} time, the dealership's own.`}</p>
            )}
            <div className="slot-options slot-times">
              {slots.map((t) => {
                const value = `${day}T${t}`;
                const id = `${ids.time}-${day}-${t.replace(':', '')}`;
                return (
                  <div className="slot-option" key={value}>
                    <input
                      type="radio"
                      id={id}
                      name={date.name}
                      value={value}
                      checked={input.value === value}
                      onKeyDown={(e) => {
                        arrowed.current = e.key.startsWith('Arrow');
                        // Chrome clicks no radio that is already checked on Space: both keys choose here.
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          pick(value, true);
                        }
                      }}
                      onKeyUp={() => {
                        arrowed.current = false;
                      }}
                      onChange={() => pick(value, false)}
                      onClick={() => {
                        if (!arrowed.current) pick(value, true);
                      }}
                      onBlur={input.onBlur}
                    />
                    <label htmlFor={id}>{clockText(t)}</label>
                  </div>
                );
              })}
            </div>
            <ErrorText id={state.id} error={state.error} />
          </fieldset>
        </>
      )}
    </div>
  );
}
