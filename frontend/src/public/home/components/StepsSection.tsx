import { routes } from '@/app/routes';
import { HomeSection } from '@/public/home/components/HomeSection';
import { homeCopy } from '@/public/home/copy';
import { ButtonLink } from '@/shared/ui/Button';

export function StepsSection() {
  return (
    <HomeSection headingId="steps-heading" heading={homeCopy.stepsHeading} tinted>
      <ol className="plain-list steps">
        {homeCopy.steps.map((step, index) => (
          <li key={step.title} className="step">
            <div aria-hidden="true" className="step-number">
              {index + 1}
            </div>
            <h3 className="step-title">{step.title}</h3>
            <p className="small muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="steps-cta">
        <ButtonLink to={routes.quote} variant="contained" size="large" accent>
          {homeCopy.stepsCta}
        </ButtonLink>
      </div>
    </HomeSection>
  );
}
