/**
 * One calculator setting: a labelled <input type="range"> with its value written beside the
 * label, or, when the editor made the setting inactive, the fixed value as text.
 */
import type { ReactNode } from 'react';

export interface RangeFieldProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  active: boolean;
  /** How the value is written: "$30,000", "5 years", "8.95%". Also the slider's aria-valuetext. */
  format: (n: number) => string;
  onChange: (n: number) => void;
  /** Shown in place of the written value (the NZ typed amount). */
  valueSlot?: ReactNode;
}

export default function RangeField({
  id,
  label,
  value,
  min,
  max,
  step,
  active,
  format,
  onChange,
  valueSlot,
}: RangeFieldProps) {
  if (!active) {
    return (
      <p className="fincalc-field fincalc-fixed">
        <span className="fincalc-label">{label}</span> <strong className="fincalc-value">{format(value)}</strong>{' '}
        <span className="fincalc-fixed-note">(fixed)</span>
      </p>
    );
  }
  return (
    <div className="fincalc-field">
      <div className="fincalc-label-row">
        <label className="fincalc-label" htmlFor={id}>
          {label}
        </label>
        {valueSlot ?? <span className="fincalc-value">{format(value)}</span>}
      </div>
      <input
        id={id}
        className="fincalc-range"
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      {/* The ends of the range, for sighted visitors; the slider itself announces its bounds. */}
      <div className="fincalc-ends" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}
