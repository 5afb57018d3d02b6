import type { ReactNode } from 'react';

interface Props {
  headingId: string;
  heading: string;
  tinted?: boolean;
  children: ReactNode;
}

/** A band of the home page: a centred heading that names the section, then its content. */
export function HomeSection({ headingId, heading, tinted = false, children }: Props) {
  return (
    <section aria-labelledby={headingId} className={tinted ? 'band band-tinted' : 'band'}>
      <div className="container">
        <h2 id={headingId} className="band-heading">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
