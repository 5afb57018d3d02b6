import { Alert, Container, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QuoteAnswer } from '#src/contract/quote';
import { useSubmitQuoteMutation } from '@/public/quote/api/quoteApi';
import { ContactStep } from '@/public/quote/components/ContactStep';
import { DoneStep } from '@/public/quote/components/DoneStep';
import { QuantitiesStep } from '@/public/quote/components/QuantitiesStep';
import { StyleStep } from '@/public/quote/components/StyleStep';
import { WizardProgress } from '@/public/quote/components/WizardProgress';
import { quoteCopy } from '@/public/quote/copy';
import { useQuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { errorMessage } from '@/shared/api/api';
import { useIdempotencyKey } from '@/shared/api/useIdempotencyKey';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { trackEvent } from '@/shared/tracking/analytics';
import { trackPixel } from '@/shared/tracking/metaPixel';

const PATTERN_CODE = /^[A-Za-z0-9-]{1,20}$/;

export default function QuotePage() {
  usePageMeta(quoteCopy.title, quoteCopy.description);
  const wizard = useQuoteWizard();
  const toast = useToast();
  const [submitQuote, { isLoading }] = useSubmitQuoteMutation();
  const [answer, setAnswer] = useState<QuoteAnswer | null>(null);
  const idempotencyKey = useIdempotencyKey();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('pattern');
  const patternId = requested && PATTERN_CODE.test(requested) ? requested : undefined;

  const submit = async () => {
    const contactComplete = wizard.validateContact();
    const { doorStyle, contact, quantities } = wizard;
    const essentials = [contact.firstName, contact.lastName, contact.email].every((v) => v.trim());
    if (!doorStyle || !essentials || !contactComplete) {
      if (!doorStyle || !essentials) {
        toast({
          title: quoteCopy.toasts.missingTitle,
          description: quoteCopy.toasts.missingText,
          variant: 'destructive',
        });
      }
      return;
    }
    try {
      const { message, ...customer } = contact;
      const result = await submitQuote({
        idempotencyKey: idempotencyKey.take(),
        quote: {
          doorStyle,
          ...quantities,
          customer: { ...customer, country: 'FI', message: message.trim() || undefined },
          patternId,
        },
      }).unwrap();
      idempotencyKey.settle();
      setAnswer(result);
      wizard.complete();
      trackPixel('Lead', { value: result.totalPrice, currency: 'EUR' });
      trackEvent('quote_submitted', {
        doorStyle: result.doorStyle,
        totalPrice: result.totalPrice,
        patternId,
      });
      toast({
        title: quoteCopy.toasts.sent,
        description: quoteCopy.toasts.sentText,
        variant: 'success',
      });
    } catch (error) {
      idempotencyKey.settle(error);
      toast({
        title: quoteCopy.toasts.errorTitle,
        description: errorMessage(error, quoteCopy.toasts.errorFallback),
        variant: 'destructive',
      });
    }
  };

  const newQuote = () => {
    wizard.reset();
    setAnswer(null);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        {quoteCopy.heading}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 4 }, borderRadius: 4 }} elevation={0} variant="outlined">
        <WizardProgress step={wizard.step} />
        {patternId && wizard.step < 4 && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {quoteCopy.patternNotice(patternId)}
          </Alert>
        )}
        {wizard.step === 1 && <StyleStep wizard={wizard} />}
        {wizard.step === 2 && <QuantitiesStep wizard={wizard} />}
        {wizard.step === 3 && (
          <ContactStep wizard={wizard} sending={isLoading} onSubmit={() => void submit()} />
        )}
        {wizard.step === 4 && answer && <DoneStep answer={answer} onNewQuote={newQuote} />}
      </Paper>
    </Container>
  );
}
