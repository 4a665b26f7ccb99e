/**
 * A date, plus a time for bookings ('Preferred {bookingType} Date' and '… Time'). The value is
 * "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", as the shared schema reads it.
 *
 * A booking at a location with machine-readable opening hours (FieldDef.booking) is two selects:
 * the next open days, grouped by month, and the open times of the chosen day ("Any time" first).
 * A phone shows each as its own native picker, screen readers announce them as plain lists, and
 * closed or past days are simply not offered. The hours themselves are shown beneath. When the
 * chosen location changes and the chosen day or time no longer fits, the choice stays, marked
 * closed, with the schema's message beside it.
 *
 * Without machine-readable hours (and for a date of birth) the native date and time inputs stay,
 * bounded by today where the booking is made, or by the age a birth date must give.
 */
import { useEffect, useMemo, useState } from 'react';
import { useField, useFormikContext } from 'formik';
import type { FieldDef } from '../../types.ts';
import { MONTHS, WEEKDAYS_SHORT } from '../../../lib/calendar.ts';
import {
  addDays,
  hoursOfChoice,
  isOpenAt,
  isOpenDay,
  openDays,
  shownOfChoice,
  slotsOn,
  todayIn,
  type BookingHours,
} from '../../../domain/booking-hours.ts';
import { clockTime } from '../../../domain/opening-hours-text.ts';
import { useFields } from './context.ts';
import { ErrorText, Help, RequiredMark, useFieldState } from './shell.tsx';

/** How many open days the day list offers, and how far ahead it looks for them. */
export const DAYS_OFFERED = 45;
export const HORIZON_DAYS = 75;

export function splitDateTime(value: unknown): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(typeof value === 'string' ? value : '');
  return { date: m?.[1] ?? '', time: m?.[2] ?? '' };
}

export function joinDateTime(date: string, time: string): string {
  return date ? (time ? `${date}T${time}` : date) : '';
}

/** "2025-07-03" → "Thu 3 Jul"; "Today, Thu 3 Jul" and "Tomorrow, …" beside `today`. */
export function dayLabel(day: string, today?: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = WEEKDAYS_SHORT[new Date(Date.UTC(y!, m! - 1, d)).getUTCDay()];
  const text = `${weekday} ${d} ${MONTHS[m! - 1]!.slice(0, 3)}`;
  if (day === today) return `Today, ${text}`;
  if (today && day === addDays(today, 1)) return `Tomorrow, ${text}`;
  return text;
}

/** "2025-07-03" → "July 2025". */
export function monthLabel(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/** Days in runs of one month each, in order. */
export function byMonth(days: readonly string[]): { month: string; days: string[] }[] {
  const groups: { month: string; days: string[] }[] = [];
  for (const day of days) {
    const month = monthLabel(day);
    const last = groups[groups.length - 1];
    if (last?.month === month) last.days.push(day);
    else groups.push({ month, days: [day] });
  }
  return groups;
}

/** `day` moved by whole years; 29 February becomes the 28th in a year without one. */
export function shiftYears(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) + years;
  const md = day.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The native date input's bounds: not before today for bookings; for a birth date, the ages allowed. */
export function dateBounds(field: FieldDef, today: string): { min?: string; max?: string } {
  const rule = field.dateRule ?? (field.bookingType ? 'notPast' : undefined);
  if (rule === 'notPast') return { min: today };
  if (rule !== 'past') return {};
  if (!field.age) return { max: addDays(today, -1) };
  // Born on or before this day is old enough; born after that one is not too old.
  return { min: addDays(shiftYears(today, -(field.age.max + 1)), 1), max: shiftYears(today, -field.age.min) };
}

/** The zone a booking's times are in, named for a visitor whose own zone differs: "Brisbane time". */
function zoneNote(hours: BookingHours): string {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (own === hours.timeZone) return '';
  return ` Times are ${(hours.timeZone.split('/').pop() ?? hours.timeZone).replace(/_/g, ' ')} time.`;
}

export default function DateTime({ field }: { field: FieldDef }) {
  const state = useFieldState(field);
  const { clearServerError } = useFields();
  const { values } = useFormikContext<Record<string, unknown>>();
  const [input, , helpers] = useField<string>(field.name);
  const { date, time } = splitDateTime(input.value);
  const [typedTime, setTypedTime] = useState(time);
  // Today is the location's, when the page runs, not the build's: lists and bounds wait for it.
  const [now, setNow] = useState<Date>();
  useEffect(() => setNow(new Date()), []);

  const withTime = Boolean(field.bookingType);
  const rule = field.booking;
  const where = rule?.locationField ? String(values[rule.locationField] ?? '') : '';
  // The hours follow the chosen location only; the day list is worked out once per location.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- The hours follow the chosen location (`where`), not every other value of the form.
  const hours = useMemo(() => (rule ? hoursOfChoice(rule, values) : undefined), [rule, where]);
  const shown = rule ? shownOfChoice(rule, values) : [];
  const days = useMemo(
    () => (hours && now ? openDays(hours, DAYS_OFFERED, { now, horizonDays: HORIZON_DAYS }) : []),
    [hours, now],
  );

  // A choice made for another location (or before the visitor came back to this step) is checked
  // again, so a day the location is now closed shows its message at once.
  useEffect(() => {
    if (input.value) void helpers.setTouched(true, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Only a change of location checks the chosen day again.
  }, [where]);

  const set = (d: string, t: string) => {
    clearServerError(field.name);
    void helpers.setValue(joinDateTime(d, withTime ? t : ''), true);
  };
  const timeId = `${state.id}-time`;
  const hoursId = `${state.id}-hours`;
  const zone = hours?.timeZone ?? rule?.timeZone ?? field.timeZone;
  const today = now ? todayIn(zone, now) : undefined;
  const hint = shown.length ? `Opening hours: ${shown.join(' · ')}.${hours && now ? zoneNote(hours) : ''}` : '';
  const describedBy = [state.control['aria-describedby'], hint ? hoursId : ''].filter(Boolean).join(' ') || undefined;
  const control = { ...state.control, 'aria-describedby': describedBy };
  const timeLabel = `Preferred ${field.bookingType} Time`;

  let controls;
  if (hours && withTime) {
    const slots = date && now ? slotsOn(hours, date, { now }) : [];
    const dayGone = Boolean(date) && !days.includes(date);
    const timeGone = Boolean(time) && !slots.includes(time);
    const closed = (d: string) => (!isOpenDay(hours, d) ? 'closed' : today && d < today ? 'past' : 'unavailable');
    controls = (
      <>
        <div>
          <label htmlFor={state.id} className="field-label">
            {field.label}
            <RequiredMark required={field.required} />
          </label>
          <select
            {...control}
            className="select"
            value={date}
            onChange={(e) => {
              const day = e.target.value;
              // A time the new day does not offer is dropped rather than kept out of sight.
              const keep = day && time && now && slotsOn(hours, day, { now }).includes(time) ? time : '';
              set(day, keep);
            }}
            onBlur={input.onBlur}
          >
            <option value="">Choose a day</option>
            {dayGone && <option value={date}>{`${dayLabel(date, today)} (${closed(date)})`}</option>}
            {byMonth(days).map((g) => (
              <optgroup key={g.month} label={g.month}>
                {g.days.map((d) => (
                  <option key={d} value={d}>
                    {dayLabel(d, today)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={timeId} className="field-label">
            {timeLabel}
          </label>
          <select
            className="select"
            id={timeId}
            value={time}
            disabled={!date}
            aria-describedby={hint ? hoursId : undefined}
            onChange={(e) => set(date, e.target.value)}
          >
            <option value="">{date ? 'Any time' : 'Choose a day first'}</option>
            {timeGone && (
              <option
                value={time}
              >{`${clockTime(time)} (${isOpenAt(hours, date, time) ? 'unavailable' : 'closed'})`}</option>
            )}
            {slots.map((t) => (
              <option key={t} value={t}>
                {clockTime(t)}
              </option>
            ))}
          </select>
        </div>
      </>
    );
  } else {
    const bounds = today ? dateBounds(field, today) : {};
    controls = (
      <>
        <div>
          <label htmlFor={state.id} className="field-label">
            {field.label}
            <RequiredMark required={field.required} />
          </label>
          <input
            {...control}
            className="input"
            type="date"
            value={date}
            min={bounds.min}
            max={bounds.max}
            autoComplete={field.autoComplete}
            onChange={(e) => set(e.target.value, typedTime)}
            onBlur={input.onBlur}
          />
        </div>
        {withTime && (
          <div>
            <label htmlFor={timeId} className="field-label">
              {timeLabel}
            </label>
            <input
              className="input"
              id={timeId}
              type="time"
              step={900}
              value={typedTime}
              aria-describedby={hint ? hoursId : undefined}
              onChange={(e) => {
                setTypedTime(e.target.value);
                if (date) set(date, e.target.value);
              }}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <div className={`form-field field form-datetime${state.error ? ' has-error' : ''}`}>
      <div className="form-datetime-row">{controls}</div>
      {hint && (
        <p className="form-help field-hint" id={hoursId}>
          {hint}
        </p>
      )}
      <Help id={state.id} field={field} />
      <ErrorText id={state.id} error={state.error} />
    </div>
  );
}
