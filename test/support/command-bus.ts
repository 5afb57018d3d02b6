import type { Command, CommandBus, ICommandHandler } from '@nestjs/cqrs';

type CommandClass = abstract new (...args: never[]) => object;

/**
 * The command bus a handler sends further commands on, without a Nest app: each command is
 * recorded, and handed to the handler routed for its class, if any (else it answers undefined).
 */
export class RecordingCommandBus {
  readonly sent: object[] = [];
  private readonly routes = new Map<CommandClass, ICommandHandler>();

  route(type: CommandClass, handler: ICommandHandler): this {
    this.routes.set(type, handler);
    return this;
  }

  /** Then: the commands of one class that were sent, in order. */
  sentOf<T extends CommandClass>(type: T): InstanceType<T>[] {
    return this.sent.filter((command): command is InstanceType<T> => command instanceof type);
  }

  async execute<R>(command: Command<R>): Promise<R> {
    this.sent.push(command);
    const handler = this.routes.get(command.constructor as CommandClass);
    return (await handler?.execute(command)) as R;
  }

  asCommandBus(): CommandBus {
    return this as unknown as CommandBus;
  }
}
