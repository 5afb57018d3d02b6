/** The public face of the patterns module: what other modules may import (docs/architecture.md#modules). */
export { PatternCatalogue } from './catalogue/pattern-catalogue.js';
export type { Pattern, PatternFamily } from './domain/pattern.js';
export { PatternsModule } from './patterns.module.js';
