/** An error's message is "status: body text" or the status text (docs/product.md#messages). */
export function errorMessage(error: unknown, fallback: string): string {
  const e = error as { status?: number | string; data?: unknown; error?: string } | undefined;
  if (!e) return fallback;
  if (e.data && typeof e.data === 'object' && 'message' in e.data)
    return String((e.data as { message: unknown }).message);
  if (e.data && typeof e.data === 'object' && 'error' in e.data)
    return String((e.data as { error: unknown }).error);
  if (typeof e.data === 'string' && e.data) return `${e.status}: ${e.data}`;
  return e.error ?? fallback;
}
