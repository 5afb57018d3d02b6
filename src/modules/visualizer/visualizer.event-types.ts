import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';
import { VISUALIZATION_GENERATED } from './visualizer.constants.js';

/** The shape of a visitor's render record: ids and a duration, nothing about the person. */
export const VISUALIZER_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  {
    type: VISUALIZATION_GENERATED,
    data: {
      visualizationId: field.id,
      patternId: field.id,
      durationMs: field.number,
      renderer: field.id,
    },
  },
];
