import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Upcaster } from '#src/platform/event-store/upcasters.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import {
  type ExportFilterKind,
  filterKindsOf,
} from '#src/platform/data-access/record-data-access.command.js';
import { DataAccessEvents } from '#src/modules/audit/domain/data-access.events.js';

/**
 * Version 1 of `PersonalDataExported` kept the filters' values. The stored rows were rewritten by
 * a migration; this covers rows that come back from an older backup.
 */
export const exportFiltersToKinds: Upcaster = {
  type: DataAccessEvents.PersonalDataExported,
  fromVersion: 1,
  upcast: ({ data, personalData }) => {
    const { filter, ...rest } = data as { filter?: Partial<Record<ExportFilterKind, unknown>> };
    return { data: { ...rest, filterKinds: filterKindsOf(filter ?? {}) }, personalData };
  },
};

@Injectable()
export class DataAccessUpcasters implements OnModuleInit {
  constructor(private readonly upcasters: UpcasterRegistry) {}

  onModuleInit(): void {
    this.upcasters.register(exportFiltersToKinds);
  }
}
