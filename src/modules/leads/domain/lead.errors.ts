/** Why the domain refused a command; the HTTP layer maps the kind to a status code. */
export type LeadRefusalKind = 'not_found' | 'conflict' | 'invalid';

export class LeadCommandRefused extends Error {
  constructor(
    readonly kind: LeadRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'LeadCommandRefused';
  }
}
