import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { RENAMED_PIPELINE_EVENTS } from '#src/modules/leads/domain/pipeline.events.js';

/** Tells the event store the old names of renamed lead and pipeline events, before any read. */
@Injectable()
export class RenamedLeadEvents implements OnModuleInit {
  constructor(private readonly upcasters: UpcasterRegistry) {}

  onModuleInit(): void {
    for (const { from, to } of RENAMED_PIPELINE_EVENTS) this.upcasters.rename(from, to);
  }
}
