/**
 * Signed-in staff work the pipeline in bursts (a board refetches every column after a move), and
 * every route here needs a live session anyway; the global per-IP limit is meant for anonymous
 * traffic and would stall an office sharing one IP.
 */
export const STAFF_RATE_LIMIT = { limit: 100_000, ttl: 60_000 };
