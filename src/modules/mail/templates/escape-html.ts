const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every string a customer or staff member typed goes through this before it enters HTML. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/** Plain text as HTML paragraphs: escaped, line breaks kept. */
export const textToHtml = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** A customer-typed value made safe for a header: no line breaks, bounded length. */
export const headerSafe = (value: string, maxLength = 80): string =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, maxLength);

export const wrapHtml = (body: string): string =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">${body}</body></html>`;
