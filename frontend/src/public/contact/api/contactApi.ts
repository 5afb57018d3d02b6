import { api } from '@/shared/api/api';

/** The contact form payload; it becomes a contact_form lead (docs/product.md#contact-form). */
export interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  source: 'contact_form';
}

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<
      { leadId: string },
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
