import { LegalDocumentView } from '@/public/legal/components/LegalDocumentView';
import { privacyStatement } from '@/public/legal/privacyStatement';

export default function PrivacyPage() {
  return <LegalDocumentView document={privacyStatement} />;
}
