/** The public face of the audit module: what other modules may import (docs/architecture.md#modules). */
export { AuditModule } from './audit.module.js';
