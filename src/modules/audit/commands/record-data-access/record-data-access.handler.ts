import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import {
  DATA_ACCESS_STREAM_TYPE,
  dataAccessStream,
} from '#src/modules/audit/domain/data-access.events.js';
import { RecordDataAccessCommand } from '#src/platform/data-access/record-data-access.command.js';

@CommandHandler(RecordDataAccessCommand)
export class RecordDataAccessHandler implements ICommandHandler<RecordDataAccessCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ access }: RecordDataAccessCommand): Promise<void> {
    const actorId = RequestContext.current()?.actor.id ?? null;
    await this.eventStore.append(dataAccessStream(actorId), 'any', [access], {
      streamType: DATA_ACCESS_STREAM_TYPE,
    });
  }
}
