/**
 * "Reserve this car": the shopper's contact details and acceptance of the deposit terms, checked
 * with the same yup schema as the API (src/forms/reservation.ts), then POST /api/reservations and
 * on to the payment provider's hosted checkout. No card detail is ever asked for here.
 *
 * Back from the checkout's "Cancel" the page has ?reservation=cancelled: the form says so.
 */
import { Formik, useField } from 'formik';
import { useEffect, useState } from 'react';
import {
  EMPTY_RESERVATION,
  rememberReservationKey,
  reservationProblems,
  type ReservationValues,
} from '../../../forms/reservation.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import type { ApiErrorDetail } from '../../../contract/errors.ts';
import type { ReservationStarted } from '../contract/reservations.ts';

export interface ReserveFormProps {
  carId: string;
  country: 'AU' | 'NZ';
  /** "$500" */
  depositText: string;
}

const LABELS: Record<Exclude<keyof ReservationValues, 'accept_terms'>, [label: string, type: string, auto: string]> = {
  first_name: ['First name', 'text', 'given-name'],
  last_name: ['Last name', 'text', 'family-name'],
  email: ['Email', 'email', 'email'],
  phone: ['Mobile phone', 'tel', 'tel'],
};

function TextInput({ name, serverError }: { name: keyof typeof LABELS; serverError?: string }) {
  const [input, meta] = useField<string>(name);
  const [label, type, auto] = LABELS[name];
  const id = `reserve-${name}`;
  const error = (meta.touched ? meta.error : undefined) || serverError;
  return (
    <div className={`form-field field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
        <span className="form-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        {...input}
        id={id}
        className="input"
        type={type}
        autoComplete={auto}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="form-error field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function TermsCheck({ serverError }: { serverError?: string }) {
  const [input, meta, helpers] = useField<boolean>('accept_terms');
  const error = (meta.touched ? meta.error : undefined) || serverError;
  return (
    <div className={`form-field form-field-wide form-check${error ? ' has-error' : ''}`}>
      <input
        id="reserve-accept_terms"
        name="accept_terms"
        type="checkbox"
        required
        checked={input.value === true}
        onChange={(e) => void helpers.setValue(e.target.checked, true)}
        onBlur={input.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reserve-accept_terms-error' : undefined}
      />
      <label htmlFor="reserve-accept_terms">
        I have read the deposit terms above and accept them
        <span className="form-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {error && (
        <p className="form-error field-error" id="reserve-accept_terms-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The route's 201, or its error shape (src/contract/errors.ts). */
type ApiAnswer = Partial<ReservationStarted> & { error?: Partial<ApiErrorDetail> };

export default function ReserveForm({ carId, country, depositText }: ReserveFormProps) {
  const [hydrated, setHydrated] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [cancelled, setCancelled] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setCancelled(new URLSearchParams(window.location.search).get('reservation') === 'cancelled');
  }, []);

  return (
    <Formik<ReservationValues>
      initialValues={EMPTY_RESERVATION}
      validate={(values) => reservationProblems(values, country)}
      onSubmit={async (values) => {
        setAlert(undefined);
        setServerErrors({});
        try {
          const res = await fetch(API_ROUTES.reservations, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ car_id: carId, ...values }),
          });
          const body = (await res.json().catch(() => ({}))) as ApiAnswer;
          if (res.status === 201 && body.checkout_url) {
            if (body.reservation_id && body.reservation_key)
              rememberReservationKey(body.reservation_id, body.reservation_key);
            setLeaving(true);
            window.location.assign(body.checkout_url);
            return;
          }
          setServerErrors(body.error?.fields ?? {});
          setAlert(body.error?.message ?? 'An error occurred');
        } catch {
          setAlert('We could not reach our server. Please check your connection and try again.');
        }
      }}
    >
      {(formik) => (
        <form className="vdp-reserve-form" noValidate onSubmit={formik.handleSubmit} aria-label="Reserve this car">
          {cancelled && (
            <p className="vdp-reserve-cancelled" role="status">
              Your reservation was cancelled and no payment was taken. The car is available to reserve again.
            </p>
          )}
          <p className="form-note">Required fields are marked with an asterisk (*).</p>
          <div className="form-grid">
            <TextInput name="first_name" serverError={serverErrors.first_name} />
            <TextInput name="last_name" serverError={serverErrors.last_name} />
            <TextInput name="email" serverError={serverErrors.email} />
            <TextInput name="phone" serverError={serverErrors.phone} />
            <TermsCheck serverError={serverErrors.accept_terms} />
          </div>
          <div role="alert" className={alert ? 'form-alert' : 'form-alert-empty'}>
            {alert && <p>{alert}</p>}
          </div>
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={!hydrated}
              aria-disabled={formik.isSubmitting || leaving || undefined}
            >
              {formik.isSubmitting || leaving ? 'Taking you to payment…' : `Continue to pay ${depositText} deposit`}
            </button>
          </div>
          <p className="form-help vdp-reserve-secure">
            You pay on our payment provider&rsquo;s secure page. Your card details never reach this website.
          </p>
        </form>
      )}
    </Formik>
  );
}
