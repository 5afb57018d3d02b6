import { LegalDocumentView } from '@/public/legal/components/LegalDocumentView';
import { privacyNotice } from '@/public/legal/privacyNotice';

/** /legal: the privacy notice, kept out of search results (docs/product.md#public-site). */
export default function LegalPage() {
  return <LegalDocumentView document={privacyNotice} noindex />;
}
