import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '#src/contract/mail.js';

/** Lines that start the quoted history mail clients put under a reply. */
const QUOTE_HEADERS = [
  /^On .+ wrote:\s*$/i,
  /^.+ kirjoitti:?\s*$/i,
  /^-{2,}\s*(Original Message|Alkuperäinen viesti)\s*-{2,}\s*$/i,
  /^From: .+$/i,
  /^Lähettäjä: .+$/i,
];
/** Drops control characters other than tab and line feed (escape sequences, NULs). */
const withoutControls = (text: string): string =>
  [...text]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 9 || code === 10 || (code >= 32 && code !== 127);
    })
    .join('');

/**
 * The customer's own words from a reply: the text part (mailparser derives it from the HTML
 * when there is none), without the quoted history below it, control characters and extra
 * blank lines, cut to the longest body a conversation keeps.
 */
export function replyText(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  const lines = withoutControls(normalised).split('\n');
  const own: string[] = [];
  for (const line of lines) {
    if (QUOTE_HEADERS.some((pattern) => pattern.test(line.trim()))) break;
    own.push(line);
  }
  while (own.length > 0 && (own.at(-1)!.trim() === '' || own.at(-1)!.startsWith('>'))) own.pop();
  return own
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, EMAIL_BODY_MAX_LENGTH);
}

export const replySubject = (subject: string | undefined): string =>
  withoutControls((subject ?? '').replace(/\s+/g, ' '))
    .trim()
    .slice(0, EMAIL_SUBJECT_MAX_LENGTH);

/** Message-IDs without angle brackets, oldest first, from In-Reply-To and References. */
export function threadIds(
  inReplyTo: string | undefined,
  references: string | string[] | undefined,
): string[] {
  const listed = [
    ...(Array.isArray(references) ? references : references ? [references] : []),
    inReplyTo ?? '',
  ];
  const ids = listed
    .flatMap((value) => value.match(/<[^<>\s]+>/g) ?? [])
    .map((id) => id.slice(1, -1));
  return [...new Set(ids)];
}
