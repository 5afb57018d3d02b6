import type { QuoteAnswer, QuoteRequest } from '#src/contract/quote';
import { api } from '@/shared/api/api';

const quoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitQuote: build.mutation<QuoteAnswer, { quote: QuoteRequest; idempotencyKey: string }>({
      query: ({ quote, idempotencyKey }) => ({
        url: '/quote',
        method: 'POST',
        body: quote,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
  }),
});

export const { useSubmitQuoteMutation } = quoteApi;
