import type { QuoteAnswer, QuoteRequest } from '#src/contract/quote';
import { postJson } from '@/shared/api/postJson';

export const submitQuote = (quote: QuoteRequest, idempotencyKey: string) =>
  postJson<QuoteAnswer>('/quote', quote, idempotencyKey);
