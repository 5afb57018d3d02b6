import { publicOrigin } from '#src/config/public-origin.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  APP_SECRETS,
  type AppConfig,
  type AppSecrets,
} from '#src/config/config.module.js';
import type { CompanyIdentity } from '#src/modules/mail/templates/rendered-email.js';

const UUID_HEX = /^[0-9a-f]{32}$/;
const TOKEN_MAC_LENGTH = 20;

/**
 * The company's mail identity, from the configuration. Replies find their lead by the reply
 * address: `<mailbox>+<lead id><mac>@<domain>`, the mac keyed by the app secret so nobody can
 * make an address that files mail under another lead.
 */
@Injectable()
export class MailSettings {
  readonly company: CompanyIdentity;
  readonly smtpUrl: string | undefined;
  readonly smtpTimeoutMs: number;
  readonly imapUrl: string | undefined;
  private readonly mailbox: string;
  readonly domain: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_SECRETS) private readonly secrets: AppSecrets,
  ) {
    this.company = {
      name: config.COMPANY_NAME,
      phone: config.COMPANY_PHONE,
      email: config.COMPANY_EMAIL,
    };
    this.smtpUrl = config.SMTP_URL;
    this.smtpTimeoutMs = config.MAIL_SMTP_TIMEOUT_MS;
    this.imapUrl = config.IMAP_URL;
    const at = config.COMPANY_EMAIL.lastIndexOf('@');
    this.mailbox = config.COMPANY_EMAIL.slice(0, at);
    this.domain = config.COMPANY_EMAIL.slice(at + 1);
  }

  get defaultSubject(): string {
    return `Message from ${this.company.name}`;
  }

  /** Message-ID header value (without brackets) for one of our messages. */
  headerMessageId(messageId: string): string {
    return `${messageId}@${this.domain}`;
  }

  replyAddressFor(leadId: string): string {
    const hex = leadId.replace(/-/g, '').toLowerCase();
    return `${this.mailbox}+${hex}${this.mac(hex)}@${this.domain}`;
  }

  /** The lead a reply address belongs to, or null when it is not one we made. */
  leadIdFromReplyAddress(address: string): string | null {
    const match = /^([^+@]+)\+([0-9a-f]+)@(.+)$/i.exec(address.trim());
    if (!match || match[1].toLowerCase() !== this.mailbox.toLowerCase()) return null;
    const token = match[2].toLowerCase();
    const hex = token.slice(0, 32);
    const mac = Buffer.from(token.slice(32));
    const expected = Buffer.from(this.mac(hex));
    if (!UUID_HEX.test(hex) || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
      return null;
    }
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  leadUrl(leadId: string): string {
    return `${publicOrigin(this.config)}/admin?tab=crm&lead=${leadId}`;
  }

  private mac(hex: string): string {
    return createHmac('sha256', this.secrets.mailReplyKey)
      .update(hex)
      .digest('hex')
      .slice(0, TOKEN_MAC_LENGTH);
  }
}
