import { useState } from 'react';
import type { QuoteAnswer } from '#src/contract/quote';
import { useSearchParams } from '@/app/router';
import { submitQuote } from '@/public/quote/api/quoteApi';
import { ContactStep } from '@/public/quote/components/ContactStep';
import { DoneStep } from '@/public/quote/components/DoneStep';
import { QuantitiesStep } from '@/public/quote/components/QuantitiesStep';
import { StyleStep } from '@/public/quote/components/StyleStep';
import { WizardProgress } from '@/public/quote/components/WizardProgress';
import { quoteCopy } from '@/public/quote/copy';
import {
  type ContactFields,
  useQuoteWizard,
  type QuoteWizard,
} from '@/public/quote/hooks/useQuoteWizard';
import { Alert } from '@/shared/ui/Alert';
import { errorMessage } from '@/shared/api/errorMessage';
import { fieldErrors } from '@/shared/api/fieldErrors';
import { useSend } from '@/shared/api/postJson';
import { useIdempotencyKey } from '@/shared/api/useIdempotencyKey';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { trackEvent } from '@/shared/tracking/analytics';
import { trackPixel } from '@/shared/tracking/metaPixel';

const PATTERN_CODE = /^[A-Za-z0-9-]{1,20}$/;

/** The contact step's fields the server refused, in Finnish (the server's words when it has them). */
function refusedContactFields(error: unknown, wizard: QuoteWizard): boolean {
  const refused = new Map<keyof ContactFields, string>();
  for (const [path, words] of fieldErrors(error)) {
    const field = path.replace(/^customer\./, '') as keyof ContactFields;
    if (!(field in wizard.contact)) continue;
    refused.set(
      field,
      words ?? (field === 'email' ? quoteCopy.contact.invalidEmail : quoteCopy.contact.refused),
    );
  }
  if (refused.size) wizard.showFieldErrors(refused);
  return refused.size > 0;
}

export default function QuotePage() {
  usePageMeta(quoteCopy.title, quoteCopy.description);
  const wizard = useQuoteWizard();
  const toast = useToast();
  const [send, sending] = useSend(submitQuote);
  const [answer, setAnswer] = useState<QuoteAnswer | null>(null);
  const idempotencyKey = useIdempotencyKey();
  const searchParams = useSearchParams();
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
      const result = await send(
        {
          doorStyle,
          ...quantities,
          customer: { ...customer, country: 'FI', message: message.trim() || undefined },
          patternId,
        },
        idempotencyKey.take(),
      );
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
      const atFields = refusedContactFields(error, wizard);
      toast({
        title: quoteCopy.toasts.errorTitle,
        description: atFields
          ? quoteCopy.toasts.checkFields
          : errorMessage(error, quoteCopy.toasts.errorFallback),
        variant: 'destructive',
      });
    }
  };

  const newQuote = () => {
    wizard.reset();
    setAnswer(null);
  };

  return (
    <div className="container container-md quote-page">
      <h1 className="page-title quote-title">{quoteCopy.heading}</h1>
      <div className="card wizard">
        <WizardProgress step={wizard.step} />
        {patternId && wizard.step < 4 && (
          <Alert severity="info" className="pattern-notice">
            {quoteCopy.patternNotice(patternId)}
          </Alert>
        )}
        {wizard.step === 1 && <StyleStep wizard={wizard} />}
        {wizard.step === 2 && <QuantitiesStep wizard={wizard} />}
        {wizard.step === 3 && (
          <ContactStep wizard={wizard} sending={sending} onSubmit={() => void submit()} />
        )}
        {wizard.step === 4 && answer && <DoneStep answer={answer} onNewQuote={newQuote} />}
      </div>
    </div>
  );
}
