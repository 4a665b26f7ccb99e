/**
 * Simple service booking, several dealer websites service the chosen make: the visitor picks one
 * location. Another website's location sends the visitor there; this site's opens the form.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ServiceSiteOption } from '../service-sites.ts';
import { messages } from '../messages.ts';

interface Props {
  idBase: string;
  options: ServiceSiteOption[];
  onChoose(option: ServiceSiteOption): void;
  onBack(): void;
}

export default function LocationChooser({ idBase, options, onChoose, onBack }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const id = `${idBase}-service-location`;

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const option = options.find((o) => `${o.websiteId}:${o.value}` === value);
    if (!option) {
      setError(messages.location);
      document.getElementById(id)?.focus();
      return;
    }
    onChoose(option);
  };

  return (
    <form className="form-body" noValidate onSubmit={submit}>
      <h3 className="form-step-heading" tabIndex={-1} ref={headingRef}>
        Choose Your Dealership
      </h3>
      <p>More than one of our dealerships services this make. Choose the one that suits you.</p>
      <div className={`form-field field form-field-wide${error ? ' has-error' : ''}`}>
        <label htmlFor={id} className="field-label">
          Dealership location
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <select
          className="select"
          id={id}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        >
          <option value="">Please select</option>
          {options.map((o) => (
            <option key={`${o.websiteId}:${o.value}`} value={`${o.websiteId}:${o.value}`}>
              {o.label}
            </option>
          ))}
        </select>
        {error && (
          <p className="form-error field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary form-back" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn-primary form-next">
          Continue
        </button>
      </div>
    </form>
  );
}
