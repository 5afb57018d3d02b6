import { ContactForm } from '@/public/contact/components/ContactForm';
import { ContactInfoCard } from '@/public/contact/components/ContactInfoCard';
import { contactCopy } from '@/public/contact/copy';
import { Icon } from '@/shared/ui/Icon';
import { usePageMeta } from '@/shared/components/usePageMeta';

export default function ContactPage() {
  usePageMeta(contactCopy.title, contactCopy.description);
  return (
    <div className="container page">
      <h1 className="page-title">{contactCopy.heading}</h1>
      <p className="muted contact-lead">{contactCopy.lead}</p>
      <div className="contact-grid">
        <ContactForm />
        <div className="contact-side">
          <ContactInfoCard />
          <section aria-labelledby="contact-bullets">
            <h2 id="contact-bullets" className="side-heading">
              {contactCopy.bulletsHeading}
            </h2>
            <ul className="plain-list contact-bullets">
              {contactCopy.bullets.map((bullet) => (
                <li key={bullet}>
                  <Icon name="checkCircle" className="icon-small icon-secondary" />
                  {bullet}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
