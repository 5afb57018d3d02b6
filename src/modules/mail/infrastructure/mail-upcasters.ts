import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Upcaster } from '#src/platform/event-store/upcasters.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { EMAIL_DELIVERY_FAILED } from '#src/modules/mail/domain/mail.events.js';

/**
 * Version 1 of `EmailDeliveryFailed` kept the mail server's answer in plain data. A migration
 * removed it from the stored rows (it cannot be sealed there); this covers rows that come back
 * from an older backup. Such a failure reads without a reason.
 */
export const deliveryReasonSealed: Upcaster = {
  type: EMAIL_DELIVERY_FAILED,
  fromVersion: 1,
  upcast: ({ data }) => {
    const { reason: _plainReason, ...rest } = data;
    return { data: rest, personalData: null };
  },
};

@Injectable()
export class MailUpcasters implements OnModuleInit {
  constructor(private readonly upcasters: UpcasterRegistry) {}

  onModuleInit(): void {
    this.upcasters.register(deliveryReasonSealed);
  }
}
