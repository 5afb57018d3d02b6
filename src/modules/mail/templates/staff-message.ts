import { textToHtml, wrapHtml } from './escape-html.js';
import type { RenderedEmail } from './rendered-email.js';

/** A message a team member typed, with an HTML part that shows it exactly as typed. */
export const renderStaffMessage = (subject: string, body: string): RenderedEmail => ({
  subject,
  text: body,
  html: wrapHtml(textToHtml(body)),
});
