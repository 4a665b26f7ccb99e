/**
 * The deal's last steps: the shopper's details and consent, asked and checked as the enquiry form
 * asks them (the server answers each problem in the enquiry form's words), then "Send my deal";
 * and the deposit, on to the reservation checkout once the deal is sent.
 */
import { useState, type ReactNode } from 'react';
import type { DealView } from '../contract/deal.ts';
import { Field, partErrors, type SavePart } from './DealFields.tsx';
import type { Fields } from './deal-client.ts';

const CONTACT: [name: 'first_name' | 'last_name' | 'email' | 'phone', label: string, type: string, auto: string][] = [
  ['first_name', 'First name', 'text', 'given-name'],
  ['last_name', 'Last name', 'text', 'family-name'],
  ['email', 'Email', 'email', 'email'],
  ['phone', 'Mobile phone', 'tel', 'tel'],
];

export function ContactStep({
  deal,
  save,
  privacyHref,
  dealerName,
}: {
  deal: DealView;
  save: SavePart;
  privacyHref: string;
  dealerName: string;
}) {
  const c = deal.contact;
  const [values, setValues] = useState({
    first_name: c?.first_name ?? '',
    last_name: c?.last_name ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    message: '',
  });
  const [consent, setConsent] = useState(!!c);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const sent = deal.status === 'submitted';
  const problems = Object.values(errors).length;
  return (
    <form
      noValidate
      className="deal-form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void save({
          contact: { ...values, message: values.message || undefined, privacy_consent: consent },
          submit: true,
        }).then((f) => {
          setErrors(partErrors(f ?? {}, 'contact'));
          if (f && !Object.keys(partErrors(f, 'contact')).length) setErrors({ _: Object.values(f)[0] ?? '' });
          setBusy(false);
        });
      }}
    >
      {problems > 0 && (
        <p className="form-error deal-problems" role="alert">
          {problems === 1 ? 'One thing needs fixing' : `${problems} things need fixing`} before your deal can be sent.
        </p>
      )}
      <div className="deal-grid">
        {CONTACT.map(([name, label, type, auto]) => (
          <Field key={name} id={`deal-contact-${name}`} label={label} required error={errors[name]?.replace(/^\*/, '')}>
            {(a) => (
              <input
                {...a}
                className="input"
                type={type}
                autoComplete={auto}
                value={values[name]}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <Field id="deal-contact-message" label="Anything else the dealer should know?" error={errors.message}>
        {(a) => (
          <textarea
            {...a}
            className="input"
            rows={3}
            value={values.message}
            onChange={(e) => setValues({ ...values, message: e.target.value })}
          />
        )}
      </Field>
      <CheckField id="deal-consent-error" checked={consent} onChange={setConsent} error={errors.privacy_consent}>
        I agree to the <a href={privacyHref}>Privacy Policy</a> and to {dealerName} contacting me about this deal.
      </CheckField>
      {errors._ && <p className="form-error">{errors._}</p>}
      <div className="deal-actions">
        <button type="submit" className="btn btn-primary btn-lg" aria-busy={busy || undefined}>
          {busy ? 'Sending…' : sent ? 'Save my details' : 'Send my deal to the dealer'}
        </button>
      </div>
    </form>
  );
}

export function DepositStep({ deal, pay }: { deal: DealView; pay: (accept: boolean) => Promise<Fields | undefined> }) {
  const [accept, setAccept] = useState(false);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  if (deal.status !== 'submitted')
    return (
      <p>
        Send your deal first; then you can reserve the car with a {deal.deposit!.text} deposit, paid securely online.
      </p>
    );
  return (
    <form
      noValidate
      className="deal-form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void pay(accept).then((f) => {
          setErrors(f ?? {});
          setBusy(false);
        });
      }}
    >
      <p>
        Reserve the car with a {deal.deposit!.text} deposit. The deposit comes off the price, and is refunded in full if
        the car cannot be yours.
      </p>
      <div className="deal-terms">
        <h3>Deposit terms</h3>
        {deal.deposit!.termsHtml ? (
          <div className="prose" dangerouslySetInnerHTML={{ __html: deal.deposit!.termsHtml }} />
        ) : (
          <p>{deal.deposit!.terms}</p>
        )}
      </div>
      <CheckField id="deal-terms-error" checked={accept} onChange={setAccept} error={errors.accept_terms}>
        I accept the deposit terms.
      </CheckField>
      {errors._ && <p className="form-error">{errors._}</p>}
      <button type="submit" className="btn btn-primary btn-lg" aria-busy={busy || undefined}>
        {busy ? 'Opening the checkout…' : `Pay the ${deal.deposit!.text} deposit`}
      </button>
    </form>
  );
}

/** A required checkbox with its message: the consent to be contacted, the deposit terms. */
function CheckField(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  const { id, checked, onChange, error, children } = props;
  return (
    <div className={`form-field field${error ? ' has-error' : ''}`}>
      <label className="deal-check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p className="form-error field-error" id={id}>
          {error.replace(/^\*/, '')}
        </p>
      )}
    </div>
  );
}
