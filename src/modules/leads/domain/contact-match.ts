/**
 * The keys two leads are compared by to find one customer twice (docs/decisions/0127-duplicate-leads.md):
 * an e-mail without case or surrounding space, a phone as its digits with the Finnish +358 and the
 * trunk 0 made one. An empty key matches nothing.
 */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase() ?? '';
  return key.includes('@') ? key : null;
}

/** Fewer digits than this cannot name one subscriber (an extension, a typo). */
const MIN_PHONE_DIGITS = 6;

export function phoneKey(phone: string | null | undefined): string | null {
  const raw = phone?.trim() ?? '';
  let digits = raw.replace(/\D/g, '');
  if (raw.startsWith('00')) digits = digits.slice(2);
  if (raw.startsWith('+') || raw.startsWith('00')) {
    if (!digits.startsWith('358')) return digits.length >= MIN_PHONE_DIGITS ? `+${digits}` : null;
    digits = digits.slice(3);
  } else if (digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return digits.length >= MIN_PHONE_DIGITS ? `+358${digits}` : null;
}

export interface ContactKeys {
  email?: string | null;
  phone?: string | null;
}

/** Whether two customers' contact details name the same person by e-mail or by phone. */
export function sameCustomer(a: ContactKeys, b: ContactKeys): boolean {
  const email = emailKey(a.email);
  if (email !== null && email === emailKey(b.email)) return true;
  const phone = phoneKey(a.phone);
  return phone !== null && phone === phoneKey(b.phone);
}
