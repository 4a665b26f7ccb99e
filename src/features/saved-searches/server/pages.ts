/**
 * The small HTML pages the emails' links open, in the dealer's branding: the confirm, change and
 * unsubscribe questions (one button each, which posts: opening a link changes nothing), the alert
 * on, the alert updated, unsubscribed, and a link that no longer works (also the answer to a link
 * opened on another dealer's site, which is no link of that site).
 */
import type { DealerContent } from '../../../content/load.ts';
import { absoluteHref, brandButton, brandDocument, brandOf, escapeHtml } from '../../../api/mail/brand.ts';

/** No script, no frames, inline styles only; the unsubscribe form posts back to this API. */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

function page(
  dealer: DealerContent | undefined,
  origin: string,
  status: number,
  title: string,
  body: string,
): Response {
  const brand = dealer
    ? brandOf(dealer, origin)
    : { name: 'Car alerts', fill: '#1f2933', onFill: '#ffffff', accent: '#1f2933', onAccent: '#ffffff' };
  const back = dealer ? absoluteHref('/', origin) : undefined;
  const footer = back
    ? `<a href="${escapeHtml(back)}" style="color:${brand.accent}">Back to ${escapeHtml(brand.name)}</a>`
    : '';
  return new Response(brandDocument(brand, `${title} | ${brand.name}`, body, footer), {
    status,
    headers: PAGE_HEADERS,
  });
}

const heading = (text: string) => `<h1 style="font-size:24px;margin:0 0 12px">${escapeHtml(text)}</h1>`;
const para = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;

export function confirmedPage(dealer: DealerContent, origin: string, what: string, searchHref: string): Response {
  const brand = brandOf(dealer, origin);
  return page(
    dealer,
    origin,
    200,
    'Your car alert is on',
    heading('Your car alert is on') +
      para(`Your search: <strong>${escapeHtml(what)}</strong>.`) +
      para(
        `We will email you when matching cars arrive at ${escapeHtml(dealer.site.name)} or drop in price, at most once a day.`,
      ) +
      para(
        'Every email has a link to stop them. Nothing else is done with your address, and it is deleted when you unsubscribe.',
      ) +
      para(brandButton(brand, searchHref, 'See matching cars now')),
  );
}

/** A form of one button that posts to `action`, in the dealer's accent colour. */
function postButton(brand: ReturnType<typeof brandOf>, action: string, label: string, hidden = ''): string {
  const button =
    `<button type="submit" style="padding:12px 20px;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;` +
    `background:${brand.accent};color:${brand.onAccent}">${escapeHtml(label)}</button>`;
  return `<form method="post" action="${escapeHtml(action)}">${hidden}${button}</form>`;
}

/**
 * The confirmation link's page: the alert is turned on by its button (a POST), never by opening
 * the link, which mail programs and link scanners do on their own.
 */
export function confirmQuestionPage(dealer: DealerContent, origin: string, what: string, action: string): Response {
  return page(
    dealer,
    origin,
    200,
    'Turn on this car alert?',
    heading('Turn on this car alert?') +
      para(`Your search: <strong>${escapeHtml(what)}</strong>.`) +
      para(
        `${escapeHtml(dealer.site.name)} will email you when matching cars arrive or drop in price, at most once a day. Every email has a link to stop them.`,
      ) +
      postButton(brandOf(dealer, origin), action, 'Turn on my alert'),
  );
}

/**
 * The change link's page: what the new save asks for, applied by its button only. The consent
 * line is shown as the form showed it, since pressing the button agrees to it.
 */
export function changeQuestionPage(
  dealer: DealerContent,
  origin: string,
  what: string,
  consent: string | null,
  action: string,
): Response {
  return page(
    dealer,
    origin,
    200,
    'Update this car alert?',
    heading('Update this car alert?') +
      para(`Your search: <strong>${escapeHtml(what)}</strong>.`) +
      para('Your alert is on. Updating it makes its emails link to the page you saved it on this time.') +
      (consent ? para(`By updating it you agree to: “${escapeHtml(consent)}”`) : '') +
      para('If you did not save this search again, close this page: your alert stays as it is.') +
      postButton(brandOf(dealer, origin), action, 'Update my alert'),
  );
}

export function changedPage(dealer: DealerContent, origin: string, what: string, searchHref: string): Response {
  const brand = brandOf(dealer, origin);
  return page(
    dealer,
    origin,
    200,
    'Your car alert is updated',
    heading('Your car alert is updated') +
      para(`Your search: <strong>${escapeHtml(what)}</strong>.`) +
      para(`We will keep emailing you when matching cars arrive at ${escapeHtml(dealer.site.name)} or drop in price.`) +
      para(brandButton(brand, searchHref, 'See matching cars now')),
  );
}

export function unsubscribeQuestionPage(dealer: DealerContent, origin: string, what: string, action: string): Response {
  return page(
    dealer,
    origin,
    200,
    'Stop this car alert?',
    heading('Stop this car alert?') +
      para(`Your search: <strong>${escapeHtml(what)}</strong>.`) +
      para(
        `You will no longer get emails about it from ${escapeHtml(dealer.site.name)}, and the saved search is deleted.`,
      ) +
      postButton(
        brandOf(dealer, origin),
        action,
        'Unsubscribe',
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      ),
  );
}

export function unsubscribedPage(dealer: DealerContent | undefined, origin: string): Response {
  return page(
    dealer,
    origin,
    200,
    'You are unsubscribed',
    heading('You are unsubscribed') +
      para('No more emails will be sent for this search, and it has been deleted along with your address.'),
  );
}

/** A link whose token is unknown, expired or already used up. */
export function invalidLinkPage(
  dealer: DealerContent | undefined,
  origin: string,
  what: 'confirm' | 'change' | 'unsubscribe',
): Response {
  return page(
    dealer,
    origin,
    404,
    'This link no longer works',
    heading('This link no longer works') +
      para(
        what === 'confirm'
          ? 'Confirmation links work for 3 days. Save your search again on the cars page to get a new one.'
          : what === 'change'
            ? 'Links to update an alert work once, for 3 days. Save your search again on the cars page to get a new one.'
            : 'This alert may already be stopped: its search has been deleted, so no more emails will be sent for it.',
      ),
  );
}
