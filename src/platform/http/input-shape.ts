/** Deeper than any of our DTOs nests, far shallower than what overflows a recursive validator. */
export const MAX_INPUT_DEPTH = 32;
/** More values than any legitimate body holds; bounds the work one request can ask for. */
export const MAX_INPUT_VALUES = 100_000;

const LONE_SURROGATE = /\p{Cs}/u;

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string;
}

/**
 * The first reason a parsed body or query cannot be handed to validation, or null. Walks with an
 * explicit stack, so the nesting that it refuses cannot overflow this check either.
 * Strings (values and keys) must not hold NUL or unpaired surrogates: PostgreSQL refuses
 * both in text, and they are never part of a real name, address or message.
 */
export function findInputProblem(input: unknown): string | null {
  const stack: Visit[] = [{ value: input, depth: 0, parent: null, key: '' }];
  let values = 0;
  while (stack.length) {
    const visit = stack.pop()!;
    if (++values > MAX_INPUT_VALUES) return `Request holds more than ${MAX_INPUT_VALUES} values`;
    const { value } = visit;
    if (typeof value === 'string') {
      if (isMalformedText(value)) return malformedTextMessage(fieldOf(visit));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (visit.depth >= MAX_INPUT_DEPTH) {
      return `Request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
    }
    for (const [key, child] of Object.entries(value)) {
      const next = { value: child, depth: visit.depth + 1, parent: visit, key };
      if (isMalformedText(key)) return malformedTextMessage(fieldOf(next));
      stack.push(next);
    }
  }
  return null;
}

/**
 * Why a request path (still percent-encoded, as it came) cannot be routed, or null: a byte outside
 * printable ASCII, an escape that is not UTF-8, or a control character once decoded. Checked for
 * every route before any of them, so no route passes such text to the database.
 */
export function findPathProblem(path: string): string | null {
  if (/[^\x21-\x7e]/.test(path)) return PATH_PROBLEM;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return PATH_PROBLEM;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(decoded) || LONE_SURROGATE.test(decoded)
    ? PATH_PROBLEM
    : null;
}

const PATH_PROBLEM = 'path must be UTF-8 without NUL or other control characters';

function isMalformedText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

function malformedTextMessage(field: string): string {
  return `${field} must not contain NUL characters or unpaired surrogates`;
}

/** `customer.email`, `items.2.note`: the path of a visited value, as validation names fields. */
function fieldOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'body';
}
