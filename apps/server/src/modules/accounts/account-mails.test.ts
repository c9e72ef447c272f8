import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { smtpOptions } from '../../lib/mailer.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

/** What an in-process SMTP server received: the parsed messages, and how each session looked. */
interface Sink {
  url: (credentials?: string, query?: string) => string;
  messages: ParsedMail[];
  sessions: { secure: boolean; user?: string }[];
  next(): Promise<ParsedMail>;
  close(): Promise<void>;
}

async function smtpSink(options: SMTPServerOptions & { scheme?: 'smtp' | 'smtps' } = {}): Promise<Sink> {
  const messages: ParsedMail[] = [];
  const sessions: Sink['sessions'] = [];
  const waiting: ((m: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    ...options,
    onAuth(auth, session, callback) {
      sessions.push({ secure: session.secure, user: auth.username });
      if (auth.username === 'tna' && auth.password === 'p@ss word') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        sessions.push({ secure: session.secure });
        messages.push(mail);
        waiting.shift()?.(mail);
        callback();
      }, callback);
    },
  });
  // A client that refuses the certificate makes the server emit an error: expected in these tests.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const scheme = options.scheme ?? 'smtp';
  return {
    url: (credentials, query) =>
      `${scheme}://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}${query ? `?${query}` : ''}`,
    messages,
    sessions,
    next: () =>
      new Promise<ParsedMail>((resolve, reject) => {
        waiting.push(resolve);
        setTimeout(() => reject(new Error('no mail arrived within 10 s')), 10_000).unref();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Forgot-password as a person on a page in `language`, then the admin creates the link. */
async function resetLink(t: TestContext, email: string, language: string) {
  await t.request('POST', '/api/forgot-password', { body: { email }, headers: { 'accept-language': language } });
  const requests = (await t.request('GET', '/api/users/password-resets', { token: t.adminToken })).json().data;
  const mine = requests.find((r: { email: string }) => r.email === email);
  const res = await t.request('POST', `/api/users/password-resets/${mine.id}/link`, { token: t.adminToken });
  expect(res.statusCode).toBe(200);
  return res.json().success as { url: string; mailed: boolean };
}

// STARTTLS with a password: the sink offers STARTTLS with its own (self-signed) certificate.
const CREDENTIALS = 'tna:p%40ss%20word';

describe('mail through a real SMTP server, in the language the person asked in', () => {
  let sink: Sink;
  let t: TestContext;

  beforeAll(async () => {
    sink = await smtpSink();
    t = await setupTestApp({
      SMTP_URL: sink.url(CREDENTIALS, 'tls_verify=false'),
      PUBLIC_URL: 'https://tna.moph.gov.af',
      MAIL_FROM: 'TNA System <tna@moph.gov.af>',
    });
  });
  afterAll(() => sink.close());

  it('sends a password link in Dari over STARTTLS, signed in with the URL credentials', async () => {
    const user = await t.userWithRole('dataentry', 'Nazanin');
    const arrived = sink.next();
    const link = await resetLink(t, user.email, 'fa-AF,fa;q=0.9,en;q=0.5');
    expect(link.mailed).toBe(true);
    const mail = await arrived;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.value).toEqual([{ name: 'TNA System', address: 'tna@moph.gov.af' }]);
    expect(mail.subject).toBe('TNA System: تعیین رمز عبور جدید');
    expect(mail.text).toContain('سلام Nazanin');
    expect(mail.text).toContain(link.url);
    expect(link.url).toMatch(/^https:\/\/tna\.moph\.gov\.af\/recover-password\?token=/);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.headers.get('content-language')).toBe('fa');
    // The password went over the encrypted connection, and so did the message.
    expect(sink.sessions.filter((s) => s.user)).toEqual([{ secure: true, user: 'tna' }]);
    expect(sink.sessions.at(-1)).toEqual({ secure: true });
  });

  it('answers an account request in Pashto when accepted, in English when refused', async () => {
    const register = (email: string, language: string) =>
      t.request('POST', '/api/register', {
        body: {
          name: `Person ${email}`,
          email,
          password: 'chosen-pass-1',
          retypePassword: 'chosen-pass-1',
          agree: true,
        },
        headers: { 'accept-language': language },
      });
    expect((await register('gul@moph.gov.af', 'ps')).statusCode).toBe(200);
    expect((await register('john@moph.gov.af', 'en-GB')).statusCode).toBe(200);
    const pending = (await t.request('GET', '/api/users/account-requests', { token: t.adminToken })).json().data;
    const id = (email: string) => pending.find((r: { email: string }) => r.email === email).id;

    let arrived = sink.next();
    const accepted = await t.request('POST', `/api/users/account-requests/${id('gul@moph.gov.af')}/accept`, {
      token: t.adminToken,
      body: { role: 'validator' },
    });
    expect(accepted.statusCode).toBe(200);
    let mail = await arrived;
    expect(mail.subject).toBe('TNA System: ستاسو حساب چمتو دی');
    expect(mail.text).toContain('تاییدوونکی'); // the role, in Pashto
    expect(mail.text).toContain('https://tna.moph.gov.af/login');
    expect(mail.html).toContain('dir="rtl"');

    arrived = sink.next();
    const refused = await t.request('POST', `/api/users/account-requests/${id('john@moph.gov.af')}/refuse`, {
      token: t.adminToken,
    });
    expect(refused.statusCode).toBe(200);
    mail = await arrived;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('john@moph.gov.af');
    expect(mail.subject).toBe('TNA System: your account request');
    expect(mail.text).toContain('did not accept');
    expect(mail.html).toContain('dir="ltr"');
  });
});

describe('TLS as the SMTP_URL says', () => {
  it('never sends credentials to a server that offers no STARTTLS: the link is answered, not mailed', async () => {
    const sink = await smtpSink({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    try {
      const t = await setupTestApp({ SMTP_URL: sink.url(CREDENTIALS) });
      const user = await t.userWithRole('dataentry');
      const link = await resetLink(t, user.email, 'en');
      expect(link.mailed).toBe(false);
      expect(link.url).toContain('/recover-password?token=');
      expect(sink.sessions).toEqual([]);
      expect(sink.messages).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const sink = await smtpSink({ secure: true, scheme: 'smtps' });
    try {
      const t = await setupTestApp({ SMTP_URL: sink.url(undefined, 'tls_verify=false') });
      const user = await t.userWithRole('dataentry');
      const arrived = sink.next();
      expect((await resetLink(t, user.email, 'en')).mailed).toBe(true);
      expect((await arrived).subject).toBe('TNA System: set a new password');
      expect(sink.sessions).toEqual([{ secure: true }]);
    } finally {
      await sink.close();
    }
  });

  it('refuses a certificate that does not verify unless the URL allows it', async () => {
    const sink = await smtpSink({ secure: true, scheme: 'smtps' });
    try {
      const t = await setupTestApp({ SMTP_URL: sink.url() });
      const user = await t.userWithRole('dataentry');
      expect((await resetLink(t, user.email, 'en')).mailed).toBe(false);
      expect(sink.messages).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('reads the URL: ports, credentials, STARTTLS', () => {
    expect(smtpOptions('smtps://mail.moph.gov.af')).toMatchObject({ port: 465, secure: true, requireTLS: false });
    expect(smtpOptions('smtp://relay.local')).toMatchObject({ port: 587, secure: false, requireTLS: false });
    expect(smtpOptions('smtp://relay.local:25?starttls=required')).toMatchObject({ port: 25, requireTLS: true });
    expect(smtpOptions('smtp://u%40x:p%3Aw@mail.local')).toMatchObject({
      requireTLS: true,
      auth: { user: 'u@x', pass: 'p:w' },
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@relay.local?starttls=never' })).toThrow(
      /SMTP_URL starttls=never would send the password in clear/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay.local:25?starttls=never' })).not.toThrow();
  });
});
