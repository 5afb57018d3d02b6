import type { QuoteAnswer } from '#src/contract/quote';
import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import { Button, ButtonLink } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { formatEuroWhole, formatNumber } from '@/shared/format/format';
import { StepHeading } from './StepHeading';

const copy = quoteCopy.done;

export function DoneStep({ answer, onNewQuote }: { answer: QuoteAnswer; onNewQuote: () => void }) {
  const rows: [string, string][] = [
    [copy.doorStyle, answer.doorStyle],
    [copy.doors, `${formatNumber(answer.doors)} kpl`],
    [copy.drawers, `${formatNumber(answer.drawers)} kpl`],
    [copy.metres, `${formatNumber(answer.metres)} m`],
    [copy.total, formatEuroWhole(answer.totalPrice)],
  ];
  return (
    <div className="done">
      <Icon name="checkCircleOutline" className="done-icon" />
      <StepHeading lead={copy.text}>{copy.heading}</StepHeading>
      <dl aria-label={copy.summary} className="done-summary">
        {rows.map(([label, value]) => (
          <div key={label} className="done-row">
            <dt className="muted">{label}</dt>
            <dd data-testid={label === copy.total ? 'total-price' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="btn-row done-actions">
        <Button variant="contained" onClick={onNewQuote}>
          {copy.newQuote}
        </Button>
        <ButtonLink to={routes.home} variant="outlined">
          {quoteCopy.backHome}
        </ButtonLink>
      </div>
    </div>
  );
}
