import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import type { QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { Button, ButtonLink } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { ResponsiveImage } from '@/shared/components/ResponsiveImage';
import { StepHeading } from './StepHeading';

export function StyleStep({ wizard }: { wizard: QuoteWizard }) {
  const { doorStyle, setDoorStyle, next } = wizard;
  return (
    <>
      <StepHeading lead={quoteCopy.style.lead}>{quoteCopy.style.heading}</StepHeading>
      <div role="radiogroup" aria-label={quoteCopy.style.heading} className="style-options">
        {quoteCopy.style.options.map((option) => {
          const selected = doorStyle === option.value;
          return (
            <button
              type="button"
              key={option.value}
              role="radio"
              aria-checked={selected}
              onClick={() => setDoorStyle(option.value)}
              className={selected ? 'choice style-option selected' : 'choice style-option'}
            >
              <ResponsiveImage
                src={option.image}
                alt=""
                width={400}
                height={500}
                sizes="(min-width: 900px) 25vw, 50vw"
                // The door pictures are what the page shows first.
                priority
                className="style-option-picture"
                imageClassName="style-option-image"
              />
              {selected && <Icon name="checkCircle" className="style-option-check" />}
              <span className="style-option-text">
                <span className="style-option-name">{option.value}</span>
                <span className="small muted">{option.text}</span>
              </span>
            </button>
          );
        })}
      </div>
      <div className="btn-row btn-row-split">
        <ButtonLink to={routes.home}>{quoteCopy.backHome}</ButtonLink>
        <Button variant="contained" disabled={!doorStyle} onClick={next}>
          {quoteCopy.next}
        </Button>
      </div>
    </>
  );
}
