import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { handleCommand, loadStream } from '#src/platform/event-store/command-path.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { EventMetadata, NewEvent } from '#src/platform/event-store/event-store.types.js';
import {
  decide,
  type MemberCommand,
  type TeamFacts,
} from '#src/modules/team/domain/member.decide.js';
import {
  MEMBER_STREAM_TYPE,
  type MemberEvent,
  memberStream,
  memberSubject,
} from '#src/modules/team/domain/member.events.js';
import {
  evolve,
  INITIAL_MEMBER_STATE,
  type MemberState,
} from '#src/modules/team/domain/member.state.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';

export interface MemberChangeResult {
  events: MemberEvent[];
  /** The member stream's version after the change (unchanged when nothing happened). */
  version: number;
}

const MEMBER_FOLD = { evolve, initialState: INITIAL_MEMBER_STATE };

/**
 * Loads a member from their own stream, runs the pure decision, appends the result. Team-wide
 * facts (active admins, who holds an e-mail) come from the team list under the team lock
 * (docs/decisions/0017-team-invariants.md).
 */
@Injectable()
export class MemberStreamRepository {
  constructor(
    private readonly eventStore: EventStore,
    private readonly members: MembersReader,
  ) {}

  /**
   * Runs a team change in one transaction holding the team lock. Rules such as "one active admin
   * remains" and "e-mails are unique" look at the whole team, so two admins changing it at the
   * same moment must not both pass the check.
   */
  changeTeam<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.eventStore.inTransaction(async (db) => {
      await db.query(`select pg_advisory_xact_lock(hashtext('team-members'))`);
      return work(db);
    });
  }

  /** The team as it is now; call inside `changeTeam` so it cannot change before the append. */
  async teamFacts(db: Queryable, actorId: string | null, email?: string): Promise<TeamFacts> {
    const holder = email ? await this.members.findByEmail(email.trim(), db) : null;
    return {
      actorId,
      activeAdmins: await this.members.countActiveAdmins(db),
      emailHolder: holder?.id ?? null,
    };
  }

  async load(memberId: string, db?: Queryable): Promise<{ state: MemberState; version: number }> {
    const { state, version } = await loadStream<MemberEvent, MemberState>(
      this.eventStore,
      memberStream(memberId),
      MEMBER_FOLD,
      { db },
    );
    return { state, version };
  }

  /**
   * Decides `command` on the member's stream and appends what it causes, at `expectedVersion`
   * when the caller saw one (a newer member is a ConcurrencyError), else at the version loaded.
   * It runs under the team lock, so no write can slip in: nothing to retry.
   */
  async change(
    memberId: string,
    command: MemberCommand,
    db: pg.PoolClient,
    expectedVersion?: number,
    /** Who acts, where the request does not say (a sign-in is not authenticated yet). */
    metadata?: Partial<EventMetadata>,
  ): Promise<MemberChangeResult> {
    const { decided, nextVersion } = await handleCommand<MemberEvent, MemberState>(
      this.eventStore,
      memberStream(memberId),
      MEMBER_FOLD,
      (state) => decide(command, state),
      {
        expectedVersion: ({ state, version }) =>
          state.exists ? (expectedVersion ?? version) : 'no_stream',
        transaction: db,
        append: { streamType: MEMBER_STREAM_TYPE, subjectId: memberSubject(memberId), metadata },
        toNewEvent: (event) => toNewEvent(event as MemberEvent),
      },
    );
    return { events: decided, version: nextVersion };
  }
}

function toNewEvent(event: MemberEvent): NewEvent {
  return {
    type: event.type,
    data: event.data,
    ...('personalData' in event && event.personalData ? { personalData: event.personalData } : {}),
  };
}
