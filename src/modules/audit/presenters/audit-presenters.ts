import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { AUDIT_ACTIONS } from '#src/contract/audit.js';
import type { PresentedEvent } from '#src/modules/audit/domain/audit-entry.js';
import { dataAccessPresenters } from './data-access.presenters.js';
import { leadPresenters } from './lead.presenters.js';
import { mailPresenters } from './mail.presenters.js';
import { operationsPresenters } from './operations.presenters.js';
import { pipelinePresenters } from './pipeline.presenters.js';
import type { NameBook, PresenterTable } from './presenter.types.js';
import { teamPresenters } from './team.presenters.js';
import { visualizerPresenters } from './visualizer.presenters.js';

/** Every event type the audit log tells in its own words; a new type is one more entry. */
export const PRESENTERS: PresenterTable = {
  ...leadPresenters,
  ...pipelinePresenters,
  ...teamPresenters,
  ...visualizerPresenters,
  ...dataAccessPresenters,
  ...mailPresenters,
  ...operationsPresenters,
};

/** "MailDeliveryFailed" → "mail delivery failed". */
const typeInWords = (type: string) =>
  type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** The actor as a sentence starts with them. */
export function actorWords(event: RecordedEvent): string {
  const { actorRole, actorName } = event.metadata;
  if (actorRole === 'public') return 'A visitor';
  if (actorRole === 'system' || !actorName) return 'The system';
  return actorName;
}

/** Tells any event; a type without a presenter still gets a row and a plain sentence. */
export function presentEvent(
  event: RecordedEvent,
  names: NameBook,
  presenters: PresenterTable = PRESENTERS,
): PresentedEvent {
  const actor = actorWords(event);
  const presenter = presenters[event.type];
  const words = typeInWords(event.type);
  const action = AUDIT_ACTIONS[event.type] ?? words[0].toUpperCase() + words.slice(1);
  if (presenter) return { action, ...presenter({ event, names, actor }) };
  return { action, target: null, sentence: `${actor}: ${words}` };
}
