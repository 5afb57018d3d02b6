import 'reflect-metadata';
import { exitWith } from './exit-with.js';
import { runProjectionBuildCli } from './projection-build-cli.js';

exitWith(
  runProjectionBuildCli({
    usage: `Rebuilds projections from the event log into fresh tables, then switches to them.
The app may keep running meanwhile: readers use the old tables until the switch.
Reports are built with npm run reports:replay.

Usage: npm run projections:rebuild -- <name> [<name> ...]
       npm run projections:rebuild -- --all
       npm run projections:rebuild -- --list`,
    noun: 'projection',
    selects: (def) => !def.rebuildOnRequest,
    onePass: false,
  }),
);
