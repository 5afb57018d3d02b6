import { Box, Container, Typography } from '@mui/material';
import { fillTokens, type LegalDocument } from '@/public/legal/legalDocument';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useSiteConfig } from '@/shared/site/siteConfig';
import { plainListSx } from '@/shared/components/plainList';

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
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 44 }, mb: 1 }}>
        {document.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Voimassa {document.validFrom} alkaen
        {document.updated ? ` · Päivitetty ${document.updated}` : ''}
      </Typography>
      <Typography sx={{ mb: 4, fontSize: 18 }}>{fill(document.intro)}</Typography>
      <Box component="ol" sx={{ ...plainListSx, counterReset: 'section' }}>
        {document.sections.map((section, index) => (
          <Box component="li" key={section.heading} sx={{ mb: 4 }}>
            <Typography
              component="h2"
              sx={{ fontWeight: 700, fontSize: { xs: 20, md: 22 }, mb: 1 }}
            >
              {index + 1}. {section.heading}
            </Typography>
            {section.paragraphs?.map((text) => (
              <Typography key={text} sx={{ mb: 1.5 }}>
                {fill(text)}
              </Typography>
            ))}
            {section.list && (
              <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.5 } }}>
                {section.list.map((item) => (
                  <Typography component="li" key={item}>
                    {fill(item)}
                  </Typography>
                ))}
              </Box>
            )}
            {section.after?.map((text) => (
              <Typography key={text} sx={{ mb: 1.5 }}>
                {fill(text)}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </Container>
  );
}
