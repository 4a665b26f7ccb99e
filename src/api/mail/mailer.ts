/**
 * Outgoing email (the saved-search confirmations and alerts): one `Mailer` interface, two
 * transports, both nodemailer's, so a message is the same RFC 5322 text wherever it goes:
 *
 * - SMTP when SMTP_URL is set ("smtps://user:password@smtp.example.com:465", or smtp:// with
 *   STARTTLS on 587); nodemailer speaks the protocol.
 * - Otherwise (and in tests) each message is written as an `.eml` file under
 *   `<DATA_DIR>/mail/<slug>/`, as completed leads are written under deliveries/. Any mail program
 *   opens one.
 *
 * Every message is multipart/alternative with a plain-text and an HTML part; the From name is the
 * dealer's, the address MAIL_FROM's (or no-reply@ the dealer's own domain).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { readEnv, type Env } from '../../config/env.ts';
import { redactUrls } from '../../lib/redact.ts';

export interface MailMessage {
  /** The dealer whose message it is: the file mailer's folder. */
  site: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** Names the file: "confirm", "alert". */
  kind: string;
  /**
   * The Message-ID header ("<id@domain>"); nodemailer makes one when absent. The mail outbox
   * fixes it, so a resend of the same mail carries the same one (outbox.ts).
   */
  messageId?: string;
}

export interface SentMail {
  /** The .eml file written (file mailer only). */
  file?: string;
  messageId?: string;
}

export interface Mailer {
  /** Sends (or writes) one message; rejects when it could not. */
  send(message: MailMessage): Promise<SentMail>;
  /** "files under .data/mail", "SMTP at smtp.example.com:587": for the start-up log. */
  readonly describe: string;
}

const fields = (m: MailMessage) => ({
  from: { name: m.from.name, address: m.from.address },
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers,
  ...(m.messageId ? { messageId: m.messageId } : {}),
});

/**
 * A send that failed. `responseCode` is the SMTP server's reply code (550, 451…) when it gave
 * one, none for a connection that failed or timed out. `permanent`: the server refused this
 * message or its recipient with a 5xx (RFC 5321 4.2.1), so sending it again cannot help; a 4xx,
 * a refused login (the configuration, which can be fixed) or a lost connection is not permanent.
 */
export class MailSendError extends Error {
  readonly responseCode?: number;
  readonly permanent: boolean;
  constructor(message: string, options: { cause?: unknown; responseCode?: number; permanent?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MailSendError';
    this.responseCode = options.responseCode;
    this.permanent = options.permanent ?? false;
  }
}

/** nodemailer's codes of a refusal of the envelope (MAIL FROM, RCPT TO) or of the message (DATA). */
const MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

/** `<dataDir>/mail/<slug>/`. */
export function mailDir(dataDir: string, slug: string): string {
  return path.join(dataDir, 'mail', slug);
}

/** Writes each message as `<dataDir>/mail/<slug>/<time>-<kind>-<random>.eml`. */
export function fileMailer(dataDir: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    describe: `.eml files under ${path.join(dataDir, 'mail')}`,
    async send(message) {
      const info = await transport.sendMail(fields(message));
      const dir = mailDir(dataDir, message.site);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const kind = message.kind.replace(/[^a-z0-9-]/gi, '') || 'mail';
      const file = path.join(dir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.eml`);
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, info.message as Buffer);
      await rename(tmp, file);
      return { file, messageId: info.messageId };
    },
  };
}

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, options: { timeoutMs?: number } = {}): Mailer {
  const timeout = options.timeoutMs ?? 20_000;
  const transport = createTransport(url, {});
  // nodemailer reads its time limits from the options object, not the URL.
  const opts = transport.options as Record<string, unknown>;
  opts.connectionTimeout = timeout;
  opts.greetingTimeout = timeout;
  opts.socketTimeout = timeout;
  let where = 'the SMTP server of SMTP_URL';
  try {
    where = `SMTP at ${new URL(url).host}`;
  } catch {
    // An unreadable URL fails on the first send, with nodemailer's message.
  }
  return {
    describe: where,
    async send(message) {
      try {
        const info = await transport.sendMail(fields(message));
        return { messageId: info.messageId };
      } catch (e) {
        // The URL may hold a password: never in a log line.
        const { responseCode, code } = e as { responseCode?: unknown; code?: unknown };
        const reply = typeof responseCode === 'number' ? responseCode : undefined;
        throw new MailSendError(redactUrls(`${where}: ${(e as Error).message}`), {
          cause: e,
          responseCode: reply,
          permanent: reply !== undefined && reply >= 500 && reply < 600 && MESSAGE_REFUSED.has(code as string),
        });
      }
    },
  };
}

/** SMTP_URL's mailer, else the .eml files of `dataDir`. */
export function mailerFromEnv(env: Env, dataDir: string): Mailer {
  const url = readEnv(env, 'SMTP_URL');
  return url ? smtpMailer(url) : fileMailer(dataDir);
}

/** The address mail is sent from: MAIL_FROM, else no-reply@ the dealer's domain (without www). */
export function senderAddress(env: Env, siteUrl: string): string {
  const configured = readEnv(env, 'MAIL_FROM');
  if (configured) return configured;
  let host = 'localhost';
  try {
    host = new URL(siteUrl).hostname.replace(/^www\./, '') || host;
  } catch {
    // A dealer without a usable site.url sends from no-reply@localhost; MAIL_FROM fixes it.
  }
  return `no-reply@${host}`;
}
