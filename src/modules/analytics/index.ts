/** The public face of the analytics module: what other modules may import (docs/architecture.md#modules). */
export { AnalyticsModule } from './analytics.module.js';
