import { BenefitsSection } from '@/public/home/components/BenefitsSection';
import { HeroCollage } from '@/public/home/components/HeroCollage';
import { StepsSection } from '@/public/home/components/StepsSection';
import { homeCopy } from '@/public/home/copy';
import { ButtonLink } from '@/shared/ui/Button';
import { usePageMeta } from '@/shared/components/usePageMeta';

const { hero } = homeCopy;

export function HomePage() {
  usePageMeta(homeCopy.title, homeCopy.description);
  return (
    <>
      <section aria-labelledby="hero-heading" className="hero">
        <div className="container hero-grid">
          <div>
            <p className="hero-eyebrow">{hero.eyebrow}</p>
            <h1 id="hero-heading" className="hero-heading">
              {hero.heading}
            </h1>
            <p className="muted hero-lead">{hero.lead}</p>
            <div data-testid="price-badge" className="price-badge">
              {hero.badge}
            </div>
            <div className="hero-ctas">
              {hero.ctas.map((cta) => (
                <ButtonLink
                  key={cta.to}
                  to={cta.to}
                  size="large"
                  variant={cta.variant}
                  accent={'accent' in cta}
                >
                  {cta.label}
                </ButtonLink>
              ))}
            </div>
          </div>
          <HeroCollage />
        </div>
      </section>
      <BenefitsSection />
      <StepsSection />
    </>
  );
}
