import net from 'node:net';
import tls from 'node:tls';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Send one plain-text mail through the SMTP server of `SMTP_URL` (smtp://[user:pass@]host[:port], or
 * smtps:// for TLS from the start). Enough SMTP for a password link: no attachments, no pooling.
 */
export async function sendMail(smtpUrl: string, from: string, mail: Mail): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 25));
  const socket: net.Socket = secure
    ? tls.connect({ host: url.hostname, port, servername: url.hostname })
    : net.connect({ host: url.hostname, port });
  socket.setEncoding('utf8');
  socket.setTimeout(15_000, () => socket.destroy(new Error('SMTP server did not answer in time')));
  let buffer = '';
  const waiters: ((line: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\r\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // Multi-line replies ("250-...") end with a line whose code is followed by a space.
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) waiters.shift()?.(line);
      end = buffer.indexOf('\r\n');
    }
  });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const reply = () => Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), failed]);
  const command = async (line: string, expect: number) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    const text = await answer;
    if (!text.startsWith(String(expect))) throw new Error(`SMTP ${line.split(' ')[0]} answered: ${text}`);
  };
  try {
    const greeting = await reply();
    if (!greeting.startsWith('220')) throw new Error(`SMTP greeting: ${greeting}`);
    await command('EHLO tna-system', 250);
    if (url.username) {
      const auth = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString(
        'base64',
      );
      await command(`AUTH PLAIN ${auth}`, 235);
    }
    const address = (s: string) => /<([^>]+)>/.exec(s)?.[1] ?? s;
    await command(`MAIL FROM:<${address(from)}>`, 250);
    await command(`RCPT TO:<${mail.to}>`, 250);
    await command('DATA', 354);
    const subject = `=?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`;
    const body = mail.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const message = [
      `From: ${from}`,
      `To: ${mail.to}`,
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
      '.',
    ].join('\r\n');
    await command(message, 250);
    await command('QUIT', 221).catch(() => {});
  } finally {
    socket.end();
  }
}
