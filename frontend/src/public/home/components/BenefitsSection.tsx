import { HomeSection } from '@/public/home/components/HomeSection';
import { homeCopy } from '@/public/home/copy';
import { Icon } from '@/shared/ui/Icon';

export function BenefitsSection() {
  return (
    <HomeSection headingId="benefits-heading" heading={homeCopy.benefitsHeading}>
      <ul className="plain-list benefits">
        {homeCopy.benefits.map((benefit) => (
          <li key={benefit.title} className="benefit">
            <Icon name="checkCircleOutline" className="icon-secondary" />
            <h3 className="benefit-title">{benefit.title}</h3>
            <p className="small muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
