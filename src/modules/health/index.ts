/** The public face of the health module: what other modules may import (docs/architecture.md#modules). */
export { HealthModule } from './health.module.js';
