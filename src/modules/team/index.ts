/** The public face of the team module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/member.events.js';
export { TeamModule } from './team.module.js';
