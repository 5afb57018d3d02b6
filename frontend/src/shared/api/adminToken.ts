/** Where the signed-in staff member's token is kept (docs/product.md#admin-session). */
export const ADMIN_TOKEN_KEY = 'adminToken';

/** The Authorization header of the staff member signed in in this browser, if any. */
export function staffAuthorization(): Record<string, string> {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(ADMIN_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
