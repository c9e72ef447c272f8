import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The mail's language: Dari and Pashto mails are marked right to left. */
  language?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

const RTL = new Set(['fa', 'ps']);

/**
 * nodemailer's options for an `SMTP_URL`:
 * - `smtps://host[:465]`: TLS from the first byte;
 * - `smtp://host[:587]`: upgraded with STARTTLS whenever the server offers it, and the upgrade is
 *   required (no mail is sent without it) when the URL carries credentials or says `?starttls=required`,
 *   so a password never crosses the network in clear; `?starttls=never` only for a relay on the same
 *   host that offers no TLS at all.
 * - `?tls_verify=false` accepts a certificate that does not verify (a relay with its own certificate).
 */
export function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const starttls = url.searchParams.get('starttls');
  const user = decodeURIComponent(url.username);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const hasCredentials = user !== '' || url.password !== '';
  if (starttls === 'never' && hasCredentials) {
    throw new Error('SMTP_URL: starttls=never would send the password in clear; use STARTTLS or smtps://');
  }
  return {
    host,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    requireTLS: !secure && (hasCredentials || starttls === 'required'),
    ignoreTLS: !secure && starttls === 'never',
    ...(hasCredentials ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    // The certificate is checked against the host name (TLS sends no name for an IP address).
    tls: {
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: url.searchParams.get('tls_verify') !== 'false',
    },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Plain text, and the same text as HTML with its direction, so mail clients show Dari and Pashto right to left. */
function htmlOf(mail: Mail): string {
  const dir = mail.language && RTL.has(mail.language) ? 'rtl' : 'ltr';
  const body = escapeHtml(mail.text)
    .replace(/https?:\/\/\S+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>\n');
  return `<div dir="${dir}" lang="${mail.language ?? 'en'}">${body}</div>`;
}

/** Sends mail through the SMTP server of `SMTP_URL`, one connection per mail (these are a few a day). */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: htmlOf(mail),
        ...(mail.language ? { headers: { 'Content-Language': mail.language } } : {}),
      });
    },
    close: () => transport.close(),
  };
}
