import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateLeadCommand, type CreateLeadInput } from '#src/modules/leads/index.js';
import type { ContactAnswer } from '#src/contract/quote.js';
import { computeQuotePrice } from '#src/modules/quotes/domain/compute-quote-price.js';
import { CURRENT_PRICE_LIST } from '#src/modules/quotes/domain/price-list.js';
import type { ContactMessageDto } from '#src/modules/quotes/http/dto/contact-message.dto.js';
import type { QuoteAnswer, SubmitQuoteDto } from '#src/modules/quotes/http/dto/submit-quote.dto.js';
import {
  hashRequest,
  IdempotencyRepository,
  type SubmissionScope,
} from './idempotency.repository.js';

export interface SubmissionContext {
  idempotencyKey?: string;
  visitorId?: string;
}

/** Turns public quote requests and contact messages into leads of the one sales pipeline. */
@Injectable()
export class PublicIntakeService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  submitQuote(quote: SubmitQuoteDto, context: SubmissionContext): Promise<QuoteAnswer> {
    return this.once('quote', quote, context, async (idempotencyKey) => {
      const { doorStyle, doors, drawers, metres, customer, patternId } = quote;
      const price = computeQuotePrice({ doorStyle, doors, drawers, metres }, CURRENT_PRICE_LIST);
      const { message, ...contact } = customer;
      const { leadId } = await this.createLead({
        source: 'quote',
        customer: { ...contact, country: contact.country ?? 'FI' },
        message: message || undefined,
        doorStyle,
        doors,
        drawers,
        metres,
        totalPrice: price.totalPrice,
        priceListVersion: price.priceListVersion,
        lineItems: price.lineItems,
        patternId,
        visitorId: context.visitorId,
        idempotencyKey,
      });
      return { totalPrice: price.totalPrice, doorStyle, doors, drawers, metres, leadId };
    });
  }

  sendContactMessage(
    contact: ContactMessageDto,
    context: SubmissionContext,
  ): Promise<ContactAnswer> {
    return this.once('contact', contact, context, async (idempotencyKey) => {
      const { leadId } = await this.createLead({
        source: 'contact_form',
        customer: {
          firstName: contact.firstName,
          lastName: contact.lastName ?? '',
          email: contact.email,
          phone: contact.phone ?? '',
          address: '',
          city: '',
          country: 'FI',
        },
        message: contact.message || undefined,
        doorStyle: null,
        doors: 0,
        drawers: 0,
        metres: 0,
        totalPrice: 0,
        visitorId: context.visitorId,
        idempotencyKey,
      });
      return { leadId };
    });
  }

  private createLead(input: CreateLeadInput) {
    return this.commandBus.execute(new CreateLeadCommand(input));
  }

  /**
   * Without a key every request is new. With one, a retry gets the first answer; the key also
   * reaches the lead command, so two concurrent retries still make one lead.
   */
  private async once<T extends object>(
    scope: SubmissionScope,
    request: object,
    { idempotencyKey }: SubmissionContext,
    work: (commandKey: string | undefined) => Promise<T>,
  ): Promise<T> {
    if (!idempotencyKey) return work(undefined);
    const requestHash = hashRequest(request);
    const earlier = await this.idempotency.find<T>(scope, idempotencyKey, requestHash);
    if (earlier) return earlier;
    const answer = await work(`${scope}:${idempotencyKey}`);
    await this.idempotency.remember(scope, idempotencyKey, requestHash, answer);
    return answer;
  }
}
