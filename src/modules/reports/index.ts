/** The public face of the reports module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/report.events.js';
export * from './domain/report-definition.events.js';
export { ReportBuildDto } from './http/dto/report.responses.js';
export { ReportsModule } from './reports.module.js';
