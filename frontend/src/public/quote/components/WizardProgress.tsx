import { Link } from '@/app/router';
import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import type { WizardStep } from '@/public/quote/hooks/useQuoteWizard';
import { Icon } from '@/shared/ui/Icon';

export function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <div className="wizard-progress">
      <div className="wizard-progress-top">
        <p className="wizard-step-counter" data-testid="step-counter">
          {quoteCopy.stepCounter(step)}
        </p>
        <Link to={routes.home} aria-label={quoteCopy.close} className="icon-btn">
          <Icon name="close" />
        </Link>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={(step / 4) * 100}
        aria-label={quoteCopy.stepCounter(step)}
        className="progress"
      >
        <div className="progress-bar" style={{ width: `${(step / 4) * 100}%` }} />
      </div>
      <ol className="plain-list wizard-steps">
        {quoteCopy.steps.map((label, index) => (
          <li
            key={label}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={index + 1 <= step ? 'small wizard-step-reached' : 'small muted'}
          >
            {label}
          </li>
        ))}
      </ol>
    </div>
  );
}
