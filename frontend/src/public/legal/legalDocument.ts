/** A legal page as data, so wording changes never touch layout code. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Text after the list. */
  after?: string[];
}

export interface LegalDocument {
  title: string;
  metaTitle: string;
  description: string;
  intro: string;
  validFrom: string;
  updated?: string;
  sections: LegalSection[];
}

/** Placeholders filled from the site configuration: {company}, {email}, {phone}. */
export type LegalTokens = { company: string; email: string; phone: string };

export function fillTokens(text: string, tokens: LegalTokens): string {
  return text.replace(/\{(company|email|phone)\}/g, (_, key: keyof LegalTokens) => tokens[key]);
}
