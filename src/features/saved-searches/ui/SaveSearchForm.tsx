/**
 * The form of "Save this search" (loaded on its first click, SaveSearch.tsx): an email address,
 * the consent line, and POST /api/saved-searches with the page's query string. The API sends a
 * confirmation email; nothing is emailed until the shopper follows its link.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiFetchError, apiFetch } from '../../../contract/fetch.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import { EMAIL_PATTERN, SAVED_SEARCH_HONEYPOT } from '../contract/saved-search-values.ts';
import type { SavedSearchRequest } from '../contract/saved-searches.ts';
import { PRIVACY_PATH } from '../../../domain/routes.ts';

export const CONSENT_TEXT =
  'We will email you about cars matching this search, at most once a day, and only after you confirm. Every email has a link to stop them.';
export const SENT_MESSAGE = 'Check your email to confirm your alert.';
const FAILED = 'We could not save your search just now. Please try again in a moment.';

type State =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string; field?: boolean };

export default function SaveSearchForm({ idBase, filters }: { idBase: string; filters: string }) {
  const [email, setEmail] = useState('');
  const [trap, setTrap] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const emailId = `${idBase}-save-email`;
  const errorId = `${idBase}-save-error`;
  const consentId = `${idBase}-save-consent`;

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (state.kind === 'sent') status.current?.focus();
  }, [state.kind]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setState({ kind: 'error', message: 'Enter an email address like name@example.com.', field: true });
      input.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    const body: SavedSearchRequest = {
      email: address,
      query: window.location.search,
      filters,
      page: window.location.pathname,
      consent: CONSENT_TEXT,
      ...(trap ? { [SAVED_SEARCH_HONEYPOT]: trap } : {}),
    };
    try {
      await apiFetch(API_ROUTES.savedSearches, { method: 'POST', body });
      setState({ kind: 'sent' });
    } catch (error) {
      const answer = error instanceof ApiFetchError ? error.body?.error : undefined;
      const field = answer?.fields?.email;
      setState({ kind: 'error', message: field ?? answer?.message ?? FAILED, field: !!field });
      if (field) input.current?.focus();
    }
  }

  if (state.kind === 'sent')
    return (
      <p className="save-search-sent" role="status" tabIndex={-1} ref={status}>
        {SENT_MESSAGE} The link in it works for 3 days.
      </p>
    );

  const invalid = state.kind === 'error' && state.field;
  return (
    <form className="save-search-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={state.kind === 'sending'}>
      <div className="field save-search-field">
        <label className="field-label" htmlFor={emailId}>
          Email address
        </label>
        <div className="save-search-row">
          <input
            ref={input}
            id={emailId}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={[consentId, state.kind === 'error' ? errorId : ''].filter(Boolean).join(' ')}
          />
          <button type="submit" className="btn btn-primary" disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Saving…' : 'Email me'}
          </button>
        </div>
        {state.kind === 'error' && (
          <p className="field-error" id={errorId} role="alert">
            {state.message}
          </p>
        )}
      </div>
      <p className="save-search-consent" id={consentId}>
        {CONSENT_TEXT} <a href={PRIVACY_PATH}>Privacy policy</a>
      </p>
      <div className="save-search-trap" aria-hidden="true">
        <label>
          Website
          <input
            type="text"
            name={SAVED_SEARCH_HONEYPOT}
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(e) => setTrap(e.target.value)}
          />
        </label>
      </div>
    </form>
  );
}
