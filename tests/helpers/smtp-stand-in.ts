/**
 * An SMTP server for the mail outbox tests (smtp-server on a free loopback port): it keeps every
 * message it accepted, by Message-ID, and lets a test act while it holds a message's DATA, before
 * it answers: refuse it (a 4xx or 5xx reply), stop a database, kill the sender. A message counts
 * as accepted only when the server answered 250 on a connection still open, as a server that
 * commits a message with its reply does; one whose sender went away before the answer is dropped.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface HeldMessage {
  messageId: string;
  to: string[];
  raw: string;
}

/** What `onMessage` decides: accept (undefined), or refuse with an SMTP reply. */
export type Verdict = undefined | { code: number; message: string };

export interface SmtpStandIn {
  url: string;
  port: number;
  /** Messages answered 250, in order. */
  accepted: HeldMessage[];
  /** Messages whose sender closed the connection before the answer. */
  dropped: HeldMessage[];
  /** Called with each message's DATA before the answer; reset to undefined by the test. */
  onMessage?: (message: HeldMessage) => Promise<Verdict> | Verdict;
  /** Accepted messages to `address`. */
  to(address: string): HeldMessage[];
  close(): Promise<void>;
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? '';

export async function smtpStandIn(): Promise<SmtpStandIn> {
  const closed = new Set<string>();
  const standIn: SmtpStandIn = {
    url: '',
    port: 0,
    accepted: [],
    dropped: [],
    to: (address) => standIn.accepted.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: HeldMessage = {
          messageId: messageIdOf(raw),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
        };
        void (async () => {
          let verdict: Verdict;
          try {
            verdict = await standIn.onMessage?.(message);
          } catch (e) {
            verdict = { code: 451, message: (e as Error).message };
          }
          if (closed.has(session.id)) {
            standIn.dropped.push(message);
            return callback(new Error('The client went away before the answer'));
          }
          if (verdict) return callback(Object.assign(new Error(verdict.message), { responseCode: verdict.code }));
          standIn.accepted.push(message);
          callback();
        })();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.server.address() as AddressInfo).port;
  standIn.url = `smtp://127.0.0.1:${standIn.port}`;
  return standIn;
}
