/**
 * The shopper's emails about a deposit, each plain text and HTML in the dealer's branding, and
 * enqueued in the same transaction as the change they tell of (the mail outbox sends each once):
 *
 * - the receipt, when the payment provider confirms the deposit: the dealer, the car, the amount
 *   and its reference, the hold's end in the dealer's own time zone, and what happens next;
 * - the refund notice, when the deposit goes back: how much, why, and how long a refund takes.
 *
 * Neither carries the reservation's key: the receipt names the reservation by its number and links
 * to the car's page, so nothing in an inbox opens or cancels a reservation.
 */
import type { DealerContent } from '../../../content/load.ts';
import { holdEndText, holdText } from '../rules/reservations.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { MailMessage } from '../../../api/mail/mailer.ts';
import { enqueueMail } from '../../../api/mail/outbox.ts';
import { brandDocument, brandOf, escapeHtml } from '../../../api/mail/brand.ts';
import type { ReservationRow } from './rows.ts';
import type { RefundReason } from './store.ts';

export interface ReservationMailContext {
  dealer: DealerContent;
  row: ReservationRow;
  /** "2021 Toyota RAV4 GX" */
  carTitle: string;
  /** Absolute URL of the car's page, when it has one. */
  carUrl?: string;
  deposit: string;
  sender: string;
}

/** Why a deposit was refunded, as the shopper reads it (the refund notice, the thank-you page). */
export function refundReasonText(reason: string | null | undefined): string {
  switch (reason as RefundReason) {
    case 'car-taken':
      return 'another shopper reserved the car moments before your payment went through';
    case 'car-sold':
      return 'the car was sold before your payment went through';
    case 'car-withdrawn':
      return 'the car was taken off sale before your payment went through';
    case 'amount-mismatch':
      return 'the amount paid was not the deposit the reservation asked for';
    case 'dealer':
      return 'the dealer has refunded your deposit';
    default:
      return 'the reservation could not go ahead';
  }
}

function dealerContact(dealer: DealerContent): string {
  const phone = dealer.site.contact?.phone?.trim();
  const email = dealer.site.contact?.email?.trim();
  if (phone && email) return `call us on ${phone} or email ${email}`;
  if (phone) return `call us on ${phone}`;
  if (email) return `email ${email}`;
  return 'reply to this email';
}

function message(
  ctx: ReservationMailContext,
  kind: string,
  subject: string,
  lines: string[],
  html: string,
): MailMessage {
  return {
    site: ctx.dealer.slug,
    from: { name: ctx.dealer.site.name, address: ctx.sender },
    to: ctx.row.contact.email,
    subject,
    text: lines.join('\n') + '\n',
    html,
    kind,
  };
}

const origin = (dealer: DealerContent) => dealer.site.url.replace(/\/+$/, '');

function factsTable(rows: [string, string][]): string {
  return (
    '<table role="presentation" style="border-collapse:collapse;margin:16px 0;width:100%">' +
    rows
      .map(
        ([k, v]) =>
          `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;color:#4b5563;font-weight:600;vertical-align:top">${escapeHtml(k)}</th>` +
          `<td style="padding:6px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join('') +
    '</table>'
  );
}

export function receiptEmail(ctx: ReservationMailContext): MailMessage {
  const { dealer, row } = ctx;
  const name = row.contact.first_name || 'there';
  const until = row.hold_until ? holdEndText(dealer.site, new Date(row.hold_until)) : undefined;
  const hours = dealer.site.reservations?.hold_hours;
  const subject = `Your ${ctx.deposit} deposit for the ${ctx.carTitle} is confirmed`;
  const facts: [string, string][] = [
    ['Car', ctx.carTitle],
    ['Deposit paid', ctx.deposit],
    ...(until ? ([['Held for you until', until]] as [string, string][]) : []),
    ['Reservation number', row.id],
    ...(row.payment_id ? ([['Payment reference', row.payment_id]] as [string, string][]) : []),
  ];
  const next = [
    `A member of our team will contact you shortly to arrange the sale${until ? ', before your hold ends' : ''}.`,
    'Your deposit forms part of the price if you buy the car, and is refunded in full if we cannot sell it to you.',
    `If you have any questions, ${dealerContact(dealer)}, quoting your reservation number.`,
  ];
  const lines = [
    `Hello ${name},`,
    '',
    `Thank you for your deposit. The ${ctx.carTitle} is reserved for you at ${dealer.site.name}${hours ? ` for ${holdText(hours)}` : ''}.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'What happens next',
    ...next.map((l) => `- ${l}`),
    ...(ctx.carUrl ? ['', `The car: ${ctx.carUrl}`] : []),
    '',
    dealer.site.name,
  ];
  const brand = brandOf(dealer, origin(dealer));
  const body =
    `<h1 style="font-size:22px;margin:0 0 12px">Your deposit is confirmed</h1>` +
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>Thank you for your deposit. The <strong>${escapeHtml(ctx.carTitle)}</strong> is reserved for you at ${escapeHtml(dealer.site.name)}.</p>` +
    factsTable(facts) +
    `<h2 style="font-size:18px;margin:20px 0 8px">What happens next</h2>` +
    `<ul style="padding-left:20px;margin:0">${next.map((l) => `<li style="margin:4px 0">${escapeHtml(l)}</li>`).join('')}</ul>` +
    (ctx.carUrl
      ? `<p style="margin-top:20px"><a href="${escapeHtml(ctx.carUrl)}">See the ${escapeHtml(ctx.carTitle)}</a></p>`
      : '');
  return message(
    ctx,
    'reservation-receipt',
    subject,
    lines,
    brandDocument(brand, subject, body, escapeHtml(dealer.site.name)),
  );
}

export function refundEmail(ctx: ReservationMailContext): MailMessage {
  const { dealer, row } = ctx;
  const name = row.contact.first_name || 'there';
  const why = refundReasonText(row.released_reason);
  const subject = `Your ${ctx.deposit} deposit for the ${ctx.carTitle} has been refunded`;
  const facts: [string, string][] = [
    ['Car', ctx.carTitle],
    ['Refunded', ctx.deposit],
    ['Reservation number', row.id],
    ...(row.refund_id ? ([['Refund reference', row.refund_id]] as [string, string][]) : []),
  ];
  const lines = [
    `Hello ${name},`,
    '',
    `We are sorry: ${why}, so we could not reserve the ${ctx.carTitle} for you. Your deposit of ${ctx.deposit} has been refunded in full to the card you paid with; it can take 5 to 10 business days to reach your account.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `We would still like to help you find a car: ${dealerContact(dealer)}.`,
    '',
    dealer.site.name,
  ];
  const brand = brandOf(dealer, origin(dealer));
  const body =
    `<h1 style="font-size:22px;margin:0 0 12px">Your deposit has been refunded</h1>` +
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>We are sorry: ${escapeHtml(why)}, so we could not reserve the <strong>${escapeHtml(ctx.carTitle)}</strong> for you. ` +
    `Your deposit of ${escapeHtml(ctx.deposit)} has been refunded in full to the card you paid with; it can take 5 to 10 business days to reach your account.</p>` +
    factsTable(facts) +
    `<p>We would still like to help you find a car: ${escapeHtml(dealerContact(dealer))}.</p>`;
  return message(
    ctx,
    'reservation-refund',
    subject,
    lines,
    brandDocument(brand, subject, body, escapeHtml(dealer.site.name)),
  );
}

/** Enqueues the email of the reservation's new state (receipt or refund notice), once per reservation and kind. */
export async function enqueueReservationMail(
  db: Db,
  ctx: ReservationMailContext,
  kind: 'receipt' | 'refund',
  now: Date,
): Promise<boolean> {
  if (!ctx.row.contact.email) return false;
  const mail = kind === 'receipt' ? receiptEmail(ctx) : refundEmail(ctx);
  return enqueueMail(
    db,
    {
      site: ctx.dealer.slug,
      kind: mail.kind,
      key: `${mail.kind}:${ctx.row.id}`,
      message: mail,
      meta: { reservation: ctx.row.id },
    },
    now,
  );
}
