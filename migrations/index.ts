import { Migration20261121000000_event_store } from './Migration20261121000000_event_store.js';

/** Every migration, in order. Listed explicitly so the same list works from dist/ and in tests. */
export const migrationsList = [
  { name: 'Migration20261121000000_event_store', class: Migration20261121000000_event_store },
];
