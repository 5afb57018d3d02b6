import { homeCopy, KITCHEN_IMAGES } from '@/public/home/copy';
import { ResponsiveImage } from '@/shared/components/ResponsiveImage';

const isLarge = (index: number) => index === 0 || index === 5;

/** Eight kitchen photos; the four in view load first, the rest lazily. */
export function HeroCollage() {
  return (
    <div className="collage">
      {KITCHEN_IMAGES.map((src, index) => (
        <ResponsiveImage
          key={src}
          src={src}
          alt={homeCopy.hero.collageAlt[index]}
          width={640}
          height={480}
          sizes={
            isLarge(index) ? '(min-width: 900px) 320px, 50vw' : '(min-width: 900px) 160px, 25vw'
          }
          loading={index < 4 ? 'eager' : 'lazy'}
          // The large first photo is the likeliest largest paint on a phone.
          priority={index === 0}
          className={isLarge(index) ? 'collage-item collage-large' : 'collage-item'}
          imageClassName="collage-image"
        />
      ))}
    </div>
  );
}
