import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RequestContext } from '#src/platform/http/request-context.js';

/**
 * Gives every command an id of its own while its handler runs: the causation id of each event
 * it appends. The bus has no hook around a handler, so its `execute` is wrapped once at start.
 */
@Injectable()
export class CommandCausation implements OnModuleInit {
  constructor(private readonly commandBus: CommandBus) {}

  onModuleInit(): void {
    const execute = this.commandBus.execute.bind(this.commandBus) as (
      ...args: unknown[]
    ) => Promise<unknown>;
    const withCause = (...args: unknown[]) =>
      RequestContext.causedBy(randomUUID(), () => execute(...args));
    this.commandBus.execute = withCause as CommandBus['execute'];
  }
}
