import { Injectable } from '@nestjs/common';
import { LeadReader } from '#src/modules/leads/index.js';
import {
  MembersReader,
  PASSWORD_RESET_TTL_MS,
  PasswordResets,
  type TeamMember,
} from '#src/modules/team/index.js';
import type { OutgoingEmail } from '#src/modules/mail/delivery/smtp-transport.js';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import { renderFollowUpDigest } from '#src/modules/mail/templates/follow-up-digest.js';
import { renderPasswordResetEmail } from '#src/modules/mail/templates/password-reset-email.js';
import type { RenderedEmail } from '#src/modules/mail/templates/rendered-email.js';
import type { QueuedStaffMail } from './staff-mail.js';

/**
 * Writes a staff e-mail when it is sent, from what the product holds at that moment: a used or
 * expired link, a digest whose follow-ups were all done, or a member deactivated meanwhile
 * leaves nothing to send (null).
 */
@Injectable()
export class StaffMailComposer {
  constructor(
    private readonly members: MembersReader,
    private readonly resets: PasswordResets,
    private readonly leads: LeadReader,
    private readonly settings: MailSettings,
  ) {}

  async compose({ messageId, memberId, mail }: QueuedStaffMail): Promise<OutgoingEmail | null> {
    const member = await this.members.find(memberId);
    if (!member?.isActive || !member.email) return null;
    const rendered =
      mail.kind === 'password_reset'
        ? await this.passwordReset(member, mail.resetId)
        : await this.followUpDigest(member, mail.day);
    if (!rendered) return null;
    return {
      headerMessageId: this.settings.headerMessageId(messageId),
      to: member.email,
      replyTo: this.settings.company.email,
      references: [],
      ...rendered,
    };
  }

  private async passwordReset(member: TeamMember, resetId: string): Promise<RenderedEmail | null> {
    const link = await this.resets.linkToSend(resetId);
    if (!link || link.memberId !== member.id) return null;
    return renderPasswordResetEmail({
      firstName: member.firstName,
      companyName: this.settings.company.name,
      url: link.url,
      validMinutes: PASSWORD_RESET_TTL_MS / 60_000,
    });
  }

  private async followUpDigest(member: TeamMember, day: string): Promise<RenderedEmail | null> {
    const due = await this.leads.followUpsDue(day, member.id);
    if (due.length === 0) return null;
    return renderFollowUpDigest({
      firstName: member.firstName,
      day,
      followUps: due.map((lead) => ({
        reference:
          `${lead.customerFirstName} ${lead.customerLastName}`.trim() ||
          `Lead ${lead.id.slice(0, 8)}`,
        dueOn: lead.followUpOn!,
        note: lead.followUpNote,
        leadUrl: this.settings.leadUrl(lead.id),
      })),
    });
  }
}
