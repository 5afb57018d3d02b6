import { Migration20261121000000_event_store } from './Migration20261121000000_event_store.js';
import { Migration20261121020000_staff_accounts } from './Migration20261121020000_staff_accounts.js';
import { Migration20261121020100_login_attempt_ids } from './Migration20261121020100_login_attempt_ids.js';
import { Migration20261121030000_leads } from './Migration20261121030000_leads.js';
import { Migration20261121040000_public_intake } from './Migration20261121040000_public_intake.js';
import { Migration20261121050000_patterns } from './Migration20261121050000_patterns.js';
import { Migration20261121055000_visualizer } from './Migration20261121055000_visualizer.js';
import { Migration20261123200000_stream_read_order } from './Migration20261123200000_stream_read_order.js';
import { Migration20261123210000_scheduled_job_runs } from './Migration20261123210000_scheduled_job_runs.js';
import { Migration20261124010000_mail_outbox } from './Migration20261124010000_mail_outbox.js';
import { Migration20261124030000_projection_build_progress } from './Migration20261124030000_projection_build_progress.js';
import { Migration20261124050000_visualizer_free_rerenders } from './Migration20261124050000_visualizer_free_rerenders.js';
import { Migration20261124100000_projection_build_unflushed } from './Migration20261124100000_projection_build_unflushed.js';
import { Migration20261124120000_intake_mail_pending } from './Migration20261124120000_intake_mail_pending.js';
import { Migration20261206200000_visualizer_tap_uploads } from './Migration20261206200000_visualizer_tap_uploads.js';
import { Migration20261206210000_no_personal_data_in_plain_events } from './Migration20261206210000_no_personal_data_in_plain_events.js';
import { Migration20261206210000_shared_instance_state } from './Migration20261206210000_shared_instance_state.js';
import { Migration20261207012500_staff_mail } from './Migration20261207012500_staff_mail.js';
import { Migration20261207020000_visualization_digests } from './Migration20261207020000_visualization_digests.js';
import { Migration20261207064000_second_factor } from './Migration20261207064000_second_factor.js';

/** Every migration, in order. Listed explicitly so the same list works from dist/ and in tests. */
export const migrationsList = [
  { name: 'Migration20261121000000_event_store', class: Migration20261121000000_event_store },
  { name: 'Migration20261121020000_staff_accounts', class: Migration20261121020000_staff_accounts },
  {
    name: 'Migration20261121020100_login_attempt_ids',
    class: Migration20261121020100_login_attempt_ids,
  },
  { name: 'Migration20261121030000_leads', class: Migration20261121030000_leads },
  { name: 'Migration20261121040000_public_intake', class: Migration20261121040000_public_intake },
  { name: 'Migration20261121050000_patterns', class: Migration20261121050000_patterns },
  { name: 'Migration20261121055000_visualizer', class: Migration20261121055000_visualizer },
  {
    name: 'Migration20261123200000_stream_read_order',
    class: Migration20261123200000_stream_read_order,
  },
  {
    name: 'Migration20261123210000_scheduled_job_runs',
    class: Migration20261123210000_scheduled_job_runs,
  },
  { name: 'Migration20261124010000_mail_outbox', class: Migration20261124010000_mail_outbox },
  {
    name: 'Migration20261124030000_projection_build_progress',
    class: Migration20261124030000_projection_build_progress,
  },
  {
    name: 'Migration20261124050000_visualizer_free_rerenders',
    class: Migration20261124050000_visualizer_free_rerenders,
  },
  {
    name: 'Migration20261124100000_projection_build_unflushed',
    class: Migration20261124100000_projection_build_unflushed,
  },
  {
    name: 'Migration20261124120000_intake_mail_pending',
    class: Migration20261124120000_intake_mail_pending,
  },
  {
    name: 'Migration20261206200000_visualizer_tap_uploads',
    class: Migration20261206200000_visualizer_tap_uploads,
  },
  {
    name: 'Migration20261206210000_no_personal_data_in_plain_events',
    class: Migration20261206210000_no_personal_data_in_plain_events,
  },
  {
    name: 'Migration20261206210000_shared_instance_state',
    class: Migration20261206210000_shared_instance_state,
  },
  {
    name: 'Migration20261207012500_staff_mail',
    class: Migration20261207012500_staff_mail,
  },
  {
    name: 'Migration20261207020000_visualization_digests',
    class: Migration20261207020000_visualization_digests,
  },
  {
    name: 'Migration20261207064000_second_factor',
    class: Migration20261207064000_second_factor,
  },
];
