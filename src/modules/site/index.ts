/** The public face of the site module: what other modules may import (docs/architecture.md#modules). */
export { SiteModule } from './site.module.js';
