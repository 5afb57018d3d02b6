import { fillTokens, type LegalDocument } from '@/public/legal/legalDocument';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useSiteConfig } from '@/shared/site/siteConfig';

const FALLBACK = { company: 'Keittiökalvo', email: 'info@keittiokalvo.fi', phone: '' };

export function LegalDocumentView({
  document,
  noindex = false,
}: {
  document: LegalDocument;
  noindex?: boolean;
}) {
  const site = useSiteConfig();
  const tokens = site
    ? { company: site.companyName, email: site.email, phone: site.phone }
    : FALLBACK;
  const fill = (text: string) => fillTokens(text, tokens);
  usePageMeta(document.metaTitle, fill(document.description), { noindex });
  return (
    <div className="container container-md page">
      <h1 className="page-title">{document.title}</h1>
      <p className="muted legal-valid">
        Voimassa {document.validFrom} alkaen
        {document.updated ? ` · Päivitetty ${document.updated}` : ''}
      </p>
      <p className="legal-intro">{fill(document.intro)}</p>
      <ol className="plain-list">
        {document.sections.map((section, index) => (
          <li key={section.heading} className="legal-section">
            <h2>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs?.map((text) => (
              <p key={text}>{fill(text)}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ul>
            )}
            {section.after?.map((text) => (
              <p key={text}>{fill(text)}</p>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
