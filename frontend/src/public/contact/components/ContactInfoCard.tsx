import type { ReactNode } from 'react';
import { contactCopy } from '@/public/contact/copy';
import { telephoneHref } from '#src/contract/site';
import { useSiteConfig } from '@/shared/site/siteConfig';

const { card } = contactCopy;

export function ContactInfoCard() {
  const site = useSiteConfig();
  const rows: [string, ReactNode][] = [
    [card.phone, site && <a href={telephoneHref(site.phone)}>{site.phone}</a>],
    [card.email, site && <a href={`mailto:${site.email}`}>{site.email}</a>],
    [card.area, site?.serviceArea ?? card.areaValue],
    [card.response, card.responseValue],
  ];
  return (
    <div className="card contact-card">
      <h2 className="side-heading">{card.heading}</h2>
      <dl className="contact-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="small muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
