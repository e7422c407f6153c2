import nodemailer, { type Transporter } from 'nodemailer';
import type { Settings } from '../env';

/** One plain-text message (links are whole on a line of their own, so any mail client opens them). */
export interface Mail { to: string; subject: string; text: string }

export type SendResult = { sent: true } | { sent: false; reason: 'not_configured' | 'failed'; error?: string };

export interface Mailer {
  /** Whether SMTP_URL is set: without it nothing is ever sent and the dashboard says so. */
  readonly configured: boolean;
  send(mail: Mail): Promise<SendResult>;
}

const transports = new Map<string, Transporter>();
/** Milliseconds a send may take before it is given up (a dead SMTP server must not hold a request). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * The server's mail: nodemailer over the SMTP server `SMTP_URL` names (one pooled transport per
 * URL). A failure is an answer, never a throw: the invitation or reset it belongs to stands,
 * and the caller says what to do (copy the link, ask again). The error text holds no credentials
 * (nodemailer reports the host and the SMTP reply, not the URL's password).
 */
export function mailerFor(settings: Pick<Settings, 'smtpUrl' | 'mailFrom'>): Mailer {
  const url = settings.smtpUrl;
  if (!url) return { configured: false, send: async () => ({ sent: false, reason: 'not_configured' }) };
  return {
    configured: true,
    async send(mail) {
      let transport = transports.get(url);
      if (!transport) {
        transport = nodemailer.createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
        transports.set(url, transport);
      }
      try {
        await transport.sendMail({ from: settings.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
        return { sent: true };
      } catch (e) {
        return { sent: false, reason: 'failed', error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
