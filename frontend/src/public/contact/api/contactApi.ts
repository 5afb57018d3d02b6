import type { ContactAnswer, ContactMessage } from '#src/contract/quote';
import { postJson } from '@/shared/api/postJson';

export const sendContactMessage = (message: ContactMessage, idempotencyKey: string) =>
  postJson<ContactAnswer>('/contact', message, idempotencyKey);

/** The first word is the first name, the rest the last name (docs/product.md#contact-form). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}
