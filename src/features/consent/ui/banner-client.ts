/**
 * The consent banner in the browser (ConsentBanner.astro): shown when no choice of the current
 * version is remembered; "Accept all", "Reject all" (or, under a notice, "OK" and "Opt out") and
 * "Choices" with a checkbox per category. Any element with `data-consent-open` (the footer's
 * "Cookie settings") opens it again with the choices shown, focus on its title, and focus goes
 * back there once a choice is made. No framework: a few hundred bytes.
 */
import { effectiveConsent, ACCEPT_ALL, REJECT_ALL, type ConsentChoice, type ConsentMode } from '../rules/consent.ts';
import { saveConsent, storedConsent } from '../rules/choice.ts';

export function startConsentBanner(): void {
  const banner = document.querySelector<HTMLDialogElement>('[data-consent]');
  if (!banner) return;
  const mode: ConsentMode = banner.dataset.consent === 'notice' ? 'notice' : 'opt_in';
  const form = banner.querySelector<HTMLFormElement>('[data-consent-form]')!;
  const more = banner.querySelector<HTMLButtonElement>('[data-consent-more]')!;
  const heading = banner.querySelector<HTMLElement>('.consent-title')!;
  let opener: HTMLElement | null = null;

  const setChoices = (open: boolean) => {
    form.hidden = !open;
    more.hidden = open;
    more.setAttribute('aria-expanded', String(open));
    if (open) {
      const choice = effectiveConsent(mode, storedConsent());
      form.querySelector<HTMLInputElement>('[name=analytics]')!.checked = choice.analytics;
      form.querySelector<HTMLInputElement>('[name=marketing]')!.checked = choice.marketing;
    }
  };
  const show = (withChoices: boolean) => {
    setChoices(withChoices);
    banner.open = true;
    document.documentElement.classList.add('consent-showing');
  };
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    const hadFocus = banner.contains(document.activeElement);
    banner.open = false;
    document.documentElement.classList.remove('consent-showing');
    if (hadFocus) opener?.focus();
    opener = null;
  };

  banner.querySelector('[data-consent-accept]')!.addEventListener('click', () => choose(ACCEPT_ALL));
  banner.querySelector('[data-consent-reject]')!.addEventListener('click', () => choose(REJECT_ALL));
  more.addEventListener('click', () => {
    setChoices(true);
    form.querySelector<HTMLInputElement>('[name=analytics]')!.focus();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    choose({ analytics: data.has('analytics'), marketing: data.has('marketing') });
  });
  banner.addEventListener('keydown', (e) => {
    // Escape closes a banner opened again from the page; a first visit still needs an answer.
    if (e.key === 'Escape' && opener) {
      banner.open = false;
      document.documentElement.classList.remove('consent-showing');
      opener.focus();
      opener = null;
    }
  });
  for (const el of document.querySelectorAll<HTMLElement>('[data-consent-open]')) {
    el.hidden = false;
    el.addEventListener('click', (e) => {
      e.preventDefault();
      opener = el;
      show(true);
      heading.focus();
    });
  }
  if (!storedConsent()) show(false);
}
