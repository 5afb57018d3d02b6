import { escapeHtml, textToHtml, wrapHtml } from './escape-html.js';
import type { RenderedEmail } from './rendered-email.js';

export interface DigestFollowUp {
  /** Who the lead is, as the board shows it. */
  reference: string;
  /** `YYYY-MM-DD` in Finland. */
  dueOn: string;
  note: string;
  leadUrl: string;
}

export interface FollowUpDigestInput {
  firstName: string;
  /** The digest's day, `YYYY-MM-DD` in Finland. */
  day: string;
  followUps: DigestFollowUp[];
}

/** `2026-12-07` as `7.12.2026`, the way dates are written in Finland. */
const finnishDate = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${Number(date)}.${Number(month)}.${year}`;
};

const dueWords = (dueOn: string, day: string): string =>
  dueOn === day ? 'due today' : `overdue since ${finnishDate(dueOn)}`;

/** A member's follow-ups due on the day or overdue, each with a link to its lead. */
export function renderFollowUpDigest(input: FollowUpDigestInput): RenderedEmail {
  const count = input.followUps.length;
  const heading = `${count} follow-up${count === 1 ? '' : 's'} for ${finnishDate(input.day)}`;
  const greeting = input.firstName ? `Good morning ${input.firstName},` : 'Good morning,';
  const entries = input.followUps.map((f) => ({
    title: `${f.reference} – ${dueWords(f.dueOn, input.day)}`,
    note: f.note,
    url: f.leadUrl,
  }));
  const text = [
    greeting,
    `${heading}:`,
    ...entries.map((e) =>
      [e.title, e.note ? `Note: ${e.note}` : '', `Open the lead: ${e.url}`]
        .filter(Boolean)
        .join('\n'),
    ),
  ].join('\n\n');
  const html = wrapHtml(
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(heading)}:</p>`,
      '<ul>',
      ...entries.map(
        (e) =>
          `<li><p><a href="${escapeHtml(e.url)}">${escapeHtml(e.title)}</a></p>${e.note ? textToHtml(e.note) : ''}</li>`,
      ),
      '</ul>',
    ].join('\n'),
  );
  return { subject: `Your follow-ups: ${heading}`, text, html };
}
