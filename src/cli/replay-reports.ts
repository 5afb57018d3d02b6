import 'reflect-metadata';
import { exitWith } from './exit-with.js';
import { runProjectionBuildCli } from './projection-build-cli.js';

const PREFIX = 'report_';

exitWith(
  runProjectionBuildCli({
    usage: `Builds reports by replaying the whole event log: a report never built gets its first
version, a built one a new version beside the live one, which it replaces when caught up. The app
may keep running meanwhile, and its Reports tab shows the progress. Several reports share one
pass over the log.

Usage: npm run reports:replay -- <report> [<report> ...]   (revenue or report_revenue)
       npm run reports:replay -- --all
       npm run reports:replay -- --list`,
    noun: 'report',
    selects: (def) => !!def.rebuildOnRequest,
    nameOf: (typed) => (typed.startsWith(PREFIX) ? typed : `${PREFIX}${typed}`),
    onePass: true,
  }),
);
