import { escapeHtml, wrapHtml } from './escape-html.js';
import type { RenderedEmail } from './rendered-email.js';

export interface PasswordResetEmailInput {
  firstName: string;
  companyName: string;
  url: string;
  /** How long the link works, in minutes, as the product rule has it. */
  validMinutes: number;
}

/** The link a member asked for to set a new password (the admin speaks English). */
export function renderPasswordResetEmail(input: PasswordResetEmailInput): RenderedEmail {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const lines = [
    `someone (we hope you) asked to set a new password for your ${input.companyName} admin account.`,
    `The link works once, for ${input.validMinutes} minutes. Setting a new password signs you out everywhere.`,
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ];
  const text = [greeting, lines[0], `Set a new password: ${input.url}`, lines[1], lines[2]].join(
    '\n\n',
  );
  const html = wrapHtml(
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lines[0])}</p>`,
      `<p><a href="${escapeHtml(input.url)}">Set a new password</a></p>`,
      `<p>${escapeHtml(lines[1])}</p>`,
      `<p>${escapeHtml(lines[2])}</p>`,
    ].join('\n'),
  );
  return { subject: `Set a new password – ${input.companyName} admin`, text, html };
}
