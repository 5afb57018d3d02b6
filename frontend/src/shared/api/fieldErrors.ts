/**
 * The fields a 400 answer refused, by their path in the request ("customer.email"), each with
 * the server's own words for it when it gives them. The answer may list them as `fields`
 * (`[{ field, message }]` or `{ [field]: message }`); otherwise the field is read off the start of
 * each "customer.email must be an email" line of `message`, and has no words of its own.
 */
export function fieldErrors(error: unknown): Map<string, string | undefined> {
  const refused = new Map<string, string | undefined>();
  const e = error as { status?: unknown; data?: unknown } | undefined;
  if (e?.status !== 400 || !e.data || typeof e.data !== 'object') return refused;
  const { fields, message } = e.data as { fields?: unknown; message?: unknown };
  if (Array.isArray(fields)) {
    for (const entry of fields as { field?: unknown; path?: unknown; message?: unknown }[]) {
      const path = entry.field ?? entry.path;
      if (typeof path === 'string') refused.set(path, text(entry.message));
    }
  } else if (fields && typeof fields === 'object') {
    for (const [path, words] of Object.entries(fields)) {
      refused.set(path, text(Array.isArray(words) ? words[0] : words));
    }
  } else {
    for (const line of Array.isArray(message) ? message : [message]) {
      const path = typeof line === 'string' ? /^([\w.]+)[\s:]/.exec(line)?.[1] : undefined;
      if (path) refused.set(path, undefined);
    }
  }
  return refused;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
