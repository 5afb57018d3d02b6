import type { ContactAnswer, ContactMessage } from '#src/contract/quote';
import { api } from '@/shared/api/api';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<
      ContactAnswer,
      { message: ContactMessage; idempotencyKey: string }
    >({
      query: ({ message, idempotencyKey }) => ({
        url: '/contact',
        method: 'POST',
        body: message,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;

/** The first word is the first name, the rest the last name (docs/product.md#contact-form). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}
