import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { readConfigOrExit } from '#src/config/read-config.js';
import { createApp } from '#src/bootstrap.js';
import { resolveDatabase } from '#src/platform/database/database-bootstrap.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { type DemoOptions, seedDemoLeads } from './demo-leads.js';
import { exitWith } from './exit-with.js';

const USAGE = `Creates realistic Finnish demo leads with months of history through the real commands.

Usage: npm run seed:demo -- [--leads N] [--months M] [--concurrency C] [--seed S]
  --leads        how many leads (default 200)
  --months       how far back the history reaches (default 6)
  --concurrency  leads written in parallel (default 4)
  --seed         random seed, for repeatable data (default 1)`;

async function main(): Promise<number> {
  let options: DemoOptions;
  try {
    const { values } = parseArgs({
      options: {
        leads: { type: 'string', default: '200' },
        months: { type: 'string', default: '6' },
        concurrency: { type: 'string', default: '4' },
        seed: { type: 'string', default: '1' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    options = {
      leads: Number(values.leads),
      months: Number(values.months),
      concurrency: Number(values.concurrency),
      seed: Number(values.seed),
    };
    if (Object.values(options).some((n) => !Number.isInteger(n) || n < 1)) throw new Error();
  } catch {
    console.error(USAGE);
    return 2;
  }
  const config = readConfigOrExit({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await resolveDatabase(config, (message) => console.error(message));
  await runMigrations(database.url);
  const app = await createApp({ config, databaseUrl: database.url });
  await app.init();
  try {
    const started = Date.now();
    const events = await seedDemoLeads(app.get(CommandBus), options, (leads, written) =>
      console.log(`${leads} leads, ${written} events`),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `created ${options.leads} demo leads with ${events} events in ${seconds.toFixed(1)} s`,
    );
    return 0;
  } finally {
    await app.close();
    await database.stop();
  }
}

exitWith(main());
