/**
 * The "Chat with us" button in the browser (ChatLauncher.astro). First press, with marketing
 * consent: the vendor's script is added to the page, and once it has loaded the vendor's own
 * window takes over (the button goes). Without consent the panel asks first ("Allow and chat" or
 * "Send an enquiry"). A script that errors or has not loaded within CHAT_TIMEOUT_MS sends the
 * shopper to the enquiry form: the car page's own (#enquire), else the contact page, which then
 * says that chat was unavailable.
 */
import { CHAT_TIMEOUT_MS, CHAT_UNAVAILABLE_QUERY } from '../rules/chat.ts';
import type { ConsentMode } from '../rules/consent.ts';
import { currentConsent, grantMarketing } from '../rules/choice.ts';

const UNAVAILABLE = "Sorry, chat isn't available right now. Send us an enquiry and we'll get back to you soon.";

export function startChat(): void {
  const root = document.querySelector<HTMLElement>('[data-chat]');
  const start = root?.querySelector<HTMLButtonElement>('[data-chat-start]');
  const panel = root?.querySelector<HTMLElement>('[data-chat-panel]');
  if (!root || !start || !panel) return;
  const scriptUrl = root.dataset.chat!;
  const mode: ConsentMode = root.dataset.chatMode === 'notice' ? 'notice' : 'opt_in';
  const text = panel.querySelector<HTMLElement>('[data-chat-text]')!;
  const allow = panel.querySelector<HTMLButtonElement>('[data-chat-allow]')!;
  const enquire = panel.querySelector<HTMLAnchorElement>('[data-chat-enquire]')!;
  const label = start.querySelector<HTMLElement>('[data-chat-label]')!;
  // The car page's own enquiry form (its id, site/car-page/links.ts ENQUIRE_ANCHOR, comes from the page).
  const anchor = root.dataset.chatEnquire ?? '';
  const form = anchor ? document.getElementById(anchor) : null;
  const fallback = form ? `#${anchor}` : root.dataset.chatFallback!;
  enquire.href = fallback;
  let state: 'idle' | 'loading' | 'failed' = 'idle';

  const say = (message: string, asking: boolean) => {
    text.textContent = message;
    allow.hidden = !asking;
    panel.hidden = false;
    start.setAttribute('aria-expanded', 'true');
  };

  const fail = () => {
    state = 'failed';
    start.removeAttribute('aria-busy');
    label.textContent = 'Send an enquiry';
    if (form) {
      say(UNAVAILABLE, false);
      form.scrollIntoView({ block: 'start' });
      history.replaceState(null, '', `#${anchor}`);
      form.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
    } else {
      location.assign(fallback);
    }
  };

  const load = () => {
    state = 'loading';
    panel.hidden = true;
    start.setAttribute('aria-busy', 'true');
    label.textContent = 'Connecting…';
    const script = document.createElement('script');
    const timer = setTimeout(fail, CHAT_TIMEOUT_MS);
    script.async = true;
    script.src = scriptUrl;
    script.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    script.onload = () => {
      clearTimeout(timer);
      if (state === 'loading') root.remove();
    };
    document.head.append(script);
  };

  start.addEventListener('click', () => {
    if (state === 'loading') return;
    if (state === 'failed') return location.assign(fallback);
    if (currentConsent(mode).marketing) return load();
    const host = start.dataset.chatHost;
    say(
      `Chat is provided by ${host ?? 'our chat service'}, which may set cookies. Allow marketing cookies to start a chat, or send us an enquiry instead.`,
      true,
    );
    allow.focus();
  });
  // Escape closes the question and goes back to the button.
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || panel.hidden || state === 'failed') return;
    panel.hidden = true;
    start.setAttribute('aria-expanded', 'false');
    start.focus();
  });
  allow.addEventListener('click', () => {
    grantMarketing(mode);
    load();
    start.focus();
  });

  // Sent here because chat could not load: say so, beside the contact form.
  if (!form && new URLSearchParams(location.search).toString().includes(CHAT_UNAVAILABLE_QUERY)) {
    say(UNAVAILABLE, false);
    enquire.hidden = true;
  }
  root.hidden = false;
}
