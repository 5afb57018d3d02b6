import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ImapFlow } from 'imapflow';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { LoopWorker } from '#src/platform/scheduling/loop-worker.js';
import { WorkLoop } from '#src/platform/scheduling/work-loop.js';
import { RecordReplyCommand } from '#src/modules/mail/commands/record-reply/record-reply.command.js';
import { uuidFrom } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import { MailThreadIndex } from '#src/modules/mail/infrastructure/mail-thread-index.js';
import { replySubject, replyText, threadIds } from './incoming-reply.js';

/** Set on every message this app imported: the mailbox itself remembers, across restarts. */
export const IMPORTED_KEYWORD = 'KkImported';
/** Larger messages are attachments, not replies worth a conversation entry. */
export const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
const RECIPIENT_HEADERS = ['delivered-to', 'x-original-to'];

/**
 * Imports customers' replies from the IMAP mailbox: each new message is matched to its lead by
 * the reply address or its thread headers, recorded as EmailReceived and flagged. Mail for no
 * lead is left as it is and logged once, without its content.
 */
@Injectable()
export class ImapReplyPoller extends LoopWorker {
  private readonly logger = new Logger('ImapReplies');
  protected readonly loop: WorkLoop;
  /** Messages already reported as skipped, so each poll does not log them again. */
  private readonly reported = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly settings: MailSettings,
    private readonly threads: MailThreadIndex,
    private readonly commandBus: CommandBus,
  ) {
    super();
    const poll = () =>
      this.pollOnce().then(
        () => undefined,
        (error: Error) => this.logger.warn(`IMAP poll failed: ${error.message}`),
      );
    this.loop = new WorkLoop(poll, config.IMAP_POLL_INTERVAL_MS);
  }

  protected override shouldStart(): boolean {
    return Boolean(this.settings.imapUrl);
  }

  /** Imports every new message once; answers how many became conversation entries. */
  async pollOnce(): Promise<number> {
    const client = new ImapFlow({ ...connectionOf(this.settings.imapUrl!), logger: false });
    await client.connect();
    let imported = 0;
    try {
      const lock = await client.getMailboxLock(mailboxOf(this.settings.imapUrl!));
      try {
        const uids = (await client.search({ unKeyword: IMPORTED_KEYWORD }, { uid: true })) || [];
        for (const uid of uids) {
          if (!this.loop.started) break;
          if (await this.importOne(client, uid)) imported++;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return imported;
  }

  private async importOne(client: ImapFlow, uid: number): Promise<boolean> {
    const key = `${client.mailbox ? client.mailbox.uidValidity : ''}:${uid}`;
    try {
      // The size first: a huge message is never downloaded, only logged.
      const head = await client.fetchOne(String(uid), { size: true }, { uid: true });
      if (!head) return false;
      if ((head.size ?? 0) > MAX_MESSAGE_BYTES) {
        this.skip(key, `larger than ${MAX_MESSAGE_BYTES} bytes`);
        return false;
      }
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) return false;
      const parsed = await simpleParser(message.source);
      const leadId = await this.leadOf(parsed);
      if (!leadId) {
        this.skip(key, 'it matches no lead');
        return false;
      }
      const headerMessageId = parsed.messageId?.replace(/^<|>$/g, '') ?? `imap-${key}`;
      const { recorded } = await this.commandBus.execute(
        new RecordReplyCommand(leadId, {
          body: replyText(parsed.text ?? ''),
          subject: replySubject(parsed.subject),
          from: parsed.from?.value[0]?.address,
          source: 'imap',
          headerMessageId,
          messageId: uuidFrom(`imap-reply:${headerMessageId}`),
        }),
      );
      await client.messageFlagsAdd(String(uid), [IMPORTED_KEYWORD], { uid: true });
      return recorded;
    } catch (error) {
      this.skip(
        key,
        error instanceof Refusal ? error.message : `unreadable (${(error as Error).message})`,
      );
      return false;
    }
  }

  private async leadOf(parsed: ParsedMail): Promise<string | null> {
    for (const address of recipientsOf(parsed)) {
      const leadId = this.settings.leadIdFromReplyAddress(address);
      if (leadId) return leadId;
    }
    const references = parsed.headers.get('references') as string | string[] | undefined;
    return this.threads.leadOf(threadIds(parsed.inReplyTo, references));
  }

  private skip(key: string, reason: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.logger.warn(`IMAP message ${key} left alone: ${reason}`);
  }
}

function recipientsOf(parsed: ParsedMail): string[] {
  const lists = [parsed.to, parsed.cc].flatMap((field): AddressObject[] =>
    field ? (Array.isArray(field) ? field : [field]) : [],
  );
  const listed = lists.flatMap((list) => list.value.map((entry) => entry.address ?? ''));
  const delivered = RECIPIENT_HEADERS.flatMap((name) => {
    const value = parsed.headers.get(name);
    if (!value) return [];
    if (typeof value === 'string') return [value];
    return 'value' in (value as AddressObject)
      ? (value as AddressObject).value.map((entry) => entry.address ?? '')
      : [];
  });
  return [...delivered, ...listed].filter(Boolean);
}

function connectionOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
  };
}

const mailboxOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'INBOX';
