import { Command } from '@nestjs/cqrs';

/** Deletes the backup files the retention policy no longer keeps; returns their names. */
export class PruneBackupsCommand extends Command<string[]> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}
