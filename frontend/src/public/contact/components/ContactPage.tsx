import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, Container, Typography } from '@mui/material';
import { ContactForm } from '@/public/contact/components/ContactForm';
import { ContactInfoCard } from '@/public/contact/components/ContactInfoCard';
import { contactCopy } from '@/public/contact/copy';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { plainListSx } from '@/shared/components/plainList';

export default function ContactPage() {
  usePageMeta(contactCopy.title, contactCopy.description);
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 44 }, mb: 1.5 }}>
        {contactCopy.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 680, mb: 4, fontSize: 18 }}>
        {contactCopy.lead}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        }}
      >
        <ContactForm />
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <ContactInfoCard />
          <Box component="section" aria-labelledby="contact-bullets">
            <Typography
              id="contact-bullets"
              component="h2"
              sx={{ fontWeight: 700, fontSize: 20, mb: 1.5 }}
            >
              {contactCopy.bulletsHeading}
            </Typography>
            <Box component="ul" sx={{ ...plainListSx, display: 'grid', gap: 1.25 }}>
              {contactCopy.bullets.map((bullet) => (
                <Box
                  component="li"
                  key={bullet}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                >
                  <CheckCircle color="secondary" fontSize="small" aria-hidden />
                  {bullet}
                </Box>
              ))}
            </Box>
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
