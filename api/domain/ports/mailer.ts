import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same words as HTML, sent beside the text (multipart/alternative). */
  html?: string;
}

/** A mail before it is addressed. */
export type MailBody = Omit<MailMessage, "to">;

export interface Mailer {
  /** Resolves once the relay accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
  /** Resolves once the relay answered and took the login (SMTP_URL's credentials); rejects when it did not. */
  verify(): Promise<void>;
  /** Closes the connections it keeps open; a message in flight finishes first. */
  close(): void;
}

/**
 * At most this many SMTP connections at once, however many messages are sent together (a restock
 * mails every waiting member): hosted relays refuse connections over a small cap, and a refused
 * connection fails its message. Messages beyond them wait in the pool's queue.
 */
export const SMTP_CONNECTIONS = 5;

/**
 * SMTP through nodemailer; SMTP_URL carries host, port, TLS and credentials (smtps://user:pass@host:465).
 * One pool per process carries all mail (sign-up, reset, order and back-in-stock); a connection is
 * replaced after 100 messages.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
