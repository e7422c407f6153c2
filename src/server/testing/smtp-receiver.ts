import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server took it: envelope and parsed text. */
export interface ReceivedMail { from: string; to: string[]; subject: string; text: string }

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails(): ReceivedMail[];
  /** Resolves with the first message matching `predicate` (already received or future). */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on localhost for tests (smtp-server, parsed with mailparser): the product
 * sends through its own SMTP client as in production and the test reads what arrived. No TLS,
 * no authentication (the loopback interface only).
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters: { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address), subject: parsed.subject ?? '', text: parsed.text ?? '',
        };
        mails.push(mail);
        for (const w of [...waiters]) if (w.predicate(mail)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(mail); }
        callback();
      }, (e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', () => resolve()); });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails: () => [...mails],
    waitFor(predicate, timeoutMs = 15_000) {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching e-mail within ${timeoutMs} ms (got ${mails.length})`)), timeoutMs);
        waiters.push({ predicate, resolve: (m) => { clearTimeout(timer); resolve(m); } });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
