/** A message ready for the outbox: subject, plain text and its HTML twin. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface CompanyIdentity {
  name: string;
  phone: string;
  email: string;
}
