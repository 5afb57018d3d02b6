import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import type { SendFailure } from './retry-policy.js';

/** One outgoing message as the worker hands it to the mail server. */
export interface OutgoingEmail {
  headerMessageId: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references: string[];
}

/** Connections to the mail server at once: enough to keep a pooled server busy, no more. */
const MAX_CONNECTIONS = 5;

/** nodemailer over SMTP_URL, pooled; absent when no mail server is configured. */
@Injectable()
export class SmtpTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;

  constructor(private readonly settings: MailSettings) {
    this.transporter = settings.smtpUrl
      ? nodemailer.createTransport({
          url: settings.smtpUrl,
          pool: true,
          maxConnections: MAX_CONNECTIONS,
          // A slow or silent server costs a try, not a stuck worker.
          connectionTimeout: settings.smtpTimeoutMs,
          greetingTimeout: settings.smtpTimeoutMs,
          socketTimeout: settings.smtpTimeoutMs,
        })
      : null;
  }

  get configured(): boolean {
    return this.transporter !== null;
  }

  /** Sends one message; answers the Message-ID the server accepted. */
  async send(email: OutgoingEmail): Promise<string> {
    if (!this.transporter) throw new Error('no SMTP configured');
    const { name, email: address } = this.settings.company;
    const info = (await this.transporter.sendMail({
      from: { name, address },
      to: email.to,
      replyTo: email.replyTo,
      subject: email.subject,
      text: email.text,
      ...(email.html !== undefined ? { html: email.html } : {}),
      messageId: `<${email.headerMessageId}>`,
      ...(email.inReplyTo ? { inReplyTo: `<${email.inReplyTo}>` } : {}),
      ...(email.references.length > 0
        ? { references: email.references.map((id) => `<${id}>`) }
        : {}),
    })) as { messageId: string };
    return info.messageId;
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}

/** A 5xx answer is the server's final word; anything else (4xx, network, timeout) may pass. */
export function classifySendError(error: unknown): SendFailure {
  const { responseCode, response, message, code } = error as {
    responseCode?: number;
    response?: string;
    message?: string;
    code?: string;
  };
  const said = response ?? message ?? String(error);
  // nodemailer names some timeouts only "Timeout": say whose.
  const reason = code === 'ETIMEDOUT' ? `the mail server did not answer in time (${said})` : said;
  return {
    permanent: typeof responseCode === 'number' && responseCode >= 500,
    reason: reason.slice(0, 500),
  };
}
