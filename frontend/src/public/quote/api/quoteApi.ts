import { api } from '@/shared/api/api';

export type DoorStyle = 'Kehysovi' | 'Uritettu' | 'Tasapintainen' | 'Vetimetön';

export interface QuoteCustomer {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  message?: string;
}

/** The wizard's payload. The server prices it; the client never does (docs/product.md#prices). */
export interface QuoteRequest {
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
  customer: QuoteCustomer;
  patternId?: string;
}

export interface QuoteAnswer {
  totalPrice: number;
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
  leadId: string;
}

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
