/**
 * The SMTP mailer (src/api/mail/mailer.ts) in a real SMTP conversation with a local server
 * (smtp-server on a free port, with authentication): the message arrives as multipart/alternative
 * with its text and HTML parts and the unsubscribe headers; a server that refuses is an error
 * whose message holds no password. Also the sender address rule and the choice of mailer.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerFromEnv, senderAddress, smtpMailer, type MailMessage } from '../../../src/api/mail/mailer.ts';

const message: MailMessage = {
  site: 'alert-motors',
  kind: 'alert',
  from: { name: 'Alert Motors & Sons', address: 'alerts@alert-motors.example' },
  to: 'shopper@example.com',
  subject: 'A new car matches your search',
  text: 'A 2021 Toyota Corolla, $25,003 drive away.',
  html: '<p>A <strong>2021 Toyota Corolla</strong>, $25,003 drive away.</p>',
  headers: {
    'List-Unsubscribe': '<https://www.alert-motors.example/api/saved-searches/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('SMTP mailer against a local SMTP server', () => {
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: false,
      // The test server speaks plain SMTP on loopback, so it takes AUTH without TLS.
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a multipart/alternative message with text, HTML and the unsubscribe headers', async () => {
    const mailer = smtpMailer(`smtp://mailer:s3cret@127.0.0.1:${port}`);
    expect(mailer.describe).toBe(`SMTP at 127.0.0.1:${port}`);
    const sent = await mailer.send(message);
    expect(sent.messageId).toMatch(/@alert-motors\.example>$/);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.user).toBe('mailer');
    expect(got.from).toBe('alerts@alert-motors.example');
    expect(got.to).toEqual(['shopper@example.com']);
    expect(got.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    const parsed = await simpleParser(got.raw);
    expect(parsed.from?.value[0]).toEqual({ name: 'Alert Motors & Sons', address: 'alerts@alert-motors.example' });
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toContain('<strong>2021 Toyota Corolla</strong>');
    expect(got.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect((parsed.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url).toBe(
      'https://www.alert-motors.example/api/saved-searches/unsubscribe?token=abc',
    );
  });

  it('rejects when the server refuses, without the password in the error', async () => {
    const mailer = smtpMailer(`smtp://mailer:wrong-password@127.0.0.1:${port}`, { timeoutMs: 5_000 });
    const error = await mailer.send(message).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^SMTP at 127\.0\.0\.1:\d+: /);
    expect(error?.message).not.toContain('wrong-password');
    expect(received).toHaveLength(1);
  });
});

describe('mail configuration', () => {
  it('sends through SMTP_URL when set, else writes .eml files under the data folder', () => {
    expect(mailerFromEnv({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }, '/data').describe).toBe(
      'SMTP at smtp.example.com:465',
    );
    expect(mailerFromEnv({}, '/data').describe).toBe('.eml files under /data/mail');
  });

  it('sends from MAIL_FROM, else no-reply@ the dealer’s domain', () => {
    expect(senderAddress({ MAIL_FROM: 'cars@group.example' }, 'https://www.dealer.example')).toBe('cars@group.example');
    expect(senderAddress({}, 'https://www.dealer.example')).toBe('no-reply@dealer.example');
  });
});
