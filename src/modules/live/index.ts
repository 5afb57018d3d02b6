/** The public face of the live module: what other modules may import (docs/architecture.md#modules). */
export { LiveModule } from './live.module.js';
