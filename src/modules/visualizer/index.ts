/** The public face of the visualizer module: what other modules may import (docs/architecture.md#modules). */
export {
  VISUALIZATION_GENERATED,
  visitorIdFromStream,
  visitorIdOfSubject,
  visitorStreamId,
  visitorSubjectId,
} from './visualizer.constants.js';
export { ForgetVisitorCommand } from './commands/forget-visitor/forget-visitor.command.js';
export {
  type VisitorVisualization,
  VisitorVisualizationsReader,
} from './queries/visitor-visualizations.reader.js';
export { VisitorCookie } from './limits/visitor-cookie.js';
export { VisualizerModule } from './visualizer.module.js';
