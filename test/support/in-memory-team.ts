import { randomInt, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type pg from 'pg';
import type { AppConfig } from '#src/config/app-config.js';
import {
  RECOVERY_CODE_COUNT,
  type StaffRole,
  type TeamSecurityPolicy,
} from '#src/contract/team.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { loadAppSecrets } from '#src/platform/secrets/app-secrets.js';
import {
  CredentialsRepository,
  type StoredCredentials,
} from '#src/modules/team/auth/credentials.repository.js';
import { LoginFailures } from '#src/modules/team/auth/login-failures.js';
import { PasswordResets } from '#src/modules/team/auth/password-resets.js';
import {
  type LoginAttempt,
  LoginThrottle,
  type ThrottleKey,
  TOO_MANY_LOGINS_MESSAGE,
} from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SecondFactors, type StoredSecondFactor } from '#src/modules/team/auth/second-factors.js';
import { SessionOpener } from '#src/modules/team/auth/session-opener.js';
import {
  type SessionEndReason,
  SessionsRepository,
} from '#src/modules/team/auth/sessions.repository.js';
import { SignInChallenges } from '#src/modules/team/auth/sign-in-challenges.js';
import { TeamSecurityPolicyRepository } from '#src/modules/team/auth/team-security-policy.js';
import { TokenService } from '#src/modules/team/auth/token.service.js';
import { totpStep } from '#src/modules/team/auth/totp.js';
import {
  ResetLinkExpiredError,
  ResetLinkInvalidError,
  ResetLinkUsedError,
} from '#src/modules/team/domain/member.errors.js';
import { type MemberEvent, memberStream } from '#src/modules/team/domain/member.events.js';
import { foldMember } from '#src/modules/team/domain/member.state.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { MembersReader, type TeamMember } from '#src/modules/team/queries/members.reader.js';
import { InMemoryEventStore } from './in-memory-event-store.js';
import { STAFF_PASSWORD } from './staff.js';

/** The stand-ins replace every query of their table; the real class is built without a pool. */
const NO_POOL = null as unknown as pg.Pool;
const CONFIG = {
  APP_SECRET: 'in-memory team of the handler specs',
  PUBLIC_URL: 'https://keittiokalvo.example',
} as AppConfig;
const SECRETS = loadAppSecrets(CONFIG);
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

interface Reset {
  memberId: string;
  expiresAt: Date;
  used: boolean;
}

interface Factor {
  secret: string;
  confirmed: boolean;
  /** The step of the last code accepted: a code is never accepted twice. */
  lastStep: number;
  unusedRecoveryCodes: string[];
}

/**
 * The team's tables kept in memory beside an in-memory event store: credentials, sessions,
 * password reset links, second factors, the sign-in policy and the throttle's tries. Their SQL is
 * the integration tier's (`team-*-commands.int-spec.ts`); here the handlers run on them through
 * the one command path, so a spec says given a member, when a command, then the events, rows or
 * refusal. Like their tables, all but the throttle's tries are undone with a failed transaction.
 */
export class InMemoryTeam {
  readonly store = new InMemoryEventStore();
  readonly passwords = new Map<string, StoredCredentials>();
  readonly sessions = new Map<string, { memberId: string; ended: SessionEndReason | null }>();
  readonly factors = new Map<string, Factor>();
  /** Reset links by their token. */
  readonly resets = new Map<string, Reset>();
  policy: TeamSecurityPolicy = { secondFactorRequiredForAdmins: false };
  /** Tries the throttle counted and no success withdrew, by key. */
  readonly tries = new Map<string, number>();

  readonly hasher = new PasswordHasher();
  readonly members = new StreamMembers(this.store);
  readonly memberStreams = new MemberStreamRepository(this.store.asEventStore(), this.members);
  readonly credentials = new MemoryCredentials(this);
  readonly sessionRows = new MemorySessions(this);
  readonly throttle = new MemoryThrottle(this);
  readonly secondFactors = new MemorySecondFactors(this);
  readonly policyRow = new MemoryPolicy(this);
  readonly resetLinks = new MemoryPasswordResets(this);
  readonly challenges = new SignInChallenges(new JwtService(), SECRETS);
  readonly failures = new LoginFailures(this.store.asEventStore(), this.throttle);
  readonly sessionOpener = new SessionOpener(
    this.store.asEventStore(),
    this.sessionRows,
    this.credentials,
    this.secondFactors,
    this.policyRow,
    new TokenService(new JwtService({ secret: SECRETS.jwtSecret.export() })),
  );

  constructor() {
    this.store.joinTransactions(() => {
      const tables = [this.passwords, this.sessions, this.factors, this.resets] as Map<
        string,
        unknown
      >[];
      const rows = tables.map((table) => structuredClone(table));
      const policy = this.policy;
      return () => {
        tables.forEach((table, i) => {
          table.clear();
          rows[i].forEach((row, key) => table.set(key, row));
        });
        this.policy = policy;
      };
    });
  }

  /** Must run before a password is checked: the hasher makes its stand-in for unknown e-mails. */
  async start(): Promise<this> {
    await this.hasher.onModuleInit();
    return this;
  }

  /** Given: a member added as `AddMember` adds one, with `STAFF_PASSWORD`. */
  async given(
    role: StaffRole,
    firstName: string,
    options: { active?: boolean; password?: string } = {},
  ): Promise<TeamMember> {
    const id = randomUUID();
    const profile = {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}@example.fi`,
    };
    this.store.given(memberStream(id), [
      { type: 'MemberAdded', data: { memberId: id, role }, personalData: profile },
      ...(options.active === false ? [{ type: 'MemberDeactivated', data: { memberId: id } }] : []),
    ]);
    const passwordHash = await this.hasher.hash(options.password ?? STAFF_PASSWORD);
    this.passwords.set(id, { memberId: id, passwordHash, mustChangePassword: false });
    return (await this.members.find(id))!;
  }

  /** Given: the member turned two-step sign-in on with `secret`, as the setup leaves it. */
  givenSecondFactor(memberId: string, secret: string, recoveryCodes: string[] = []): void {
    this.store.given(memberStream(memberId), [{ type: 'SecondFactorEnabled', data: { memberId } }]);
    this.factors.set(memberId, {
      secret,
      confirmed: true,
      lastStep: 0,
      unusedRecoveryCodes: recoveryCodes,
    });
  }

  /** Given: a live session of the member. */
  givenSession(memberId: string): string {
    const sessionId = randomUUID();
    this.sessions.set(sessionId, { memberId, ended: null });
    return sessionId;
  }

  /** Given: a reset link sent to the member, which runs out at `expiresAt`; answers its token. */
  givenResetLink(memberId: string, expiresAt = new Date(Date.now() + 60_000)): string {
    const token = this.resetLinks.tokenOf(randomUUID());
    this.resets.set(token, { memberId, expiresAt, used: false });
    return token;
  }

  /** Then: the events of the member's own stream from version `after` on. */
  memberEvents(memberId: string, after = 0) {
    return this.store.eventsOf(memberStream(memberId), after);
  }
}

/** The team list as its projection keeps it, read from the member streams themselves. */
class StreamMembers extends MembersReader {
  constructor(private readonly store: InMemoryEventStore) {
    super(NO_POOL);
  }

  override async find(id: string): Promise<TeamMember | null> {
    const events = await this.store.readStream(memberStream(id));
    const state = foldMember(events as unknown as MemberEvent[]);
    if (!state.exists || !state.profile) return null;
    return {
      id,
      ...state.profile,
      role: state.role,
      isActive: state.isActive,
      lastLogin: null,
      createdAt: events[0].occurredAt.toISOString(),
      version: events.at(-1)!.streamVersion,
    };
  }

  override async findByEmail(email: string): Promise<TeamMember | null> {
    const all = await this.all();
    return all.find((member) => member.email === email.trim().toLowerCase()) ?? null;
  }

  override async countActiveAdmins(): Promise<number> {
    const all = await this.all();
    return all.filter((member) => member.role === 'admin' && member.isActive).length;
  }

  private async all(): Promise<TeamMember[]> {
    const ids = this.store
      .streamIds()
      .filter((id) => id.startsWith(memberStream('')))
      .map((id) => id.slice(memberStream('').length));
    const members = await Promise.all(ids.map((id) => this.find(id)));
    return members.filter((member) => member !== null);
  }
}

class MemoryCredentials extends CredentialsRepository {
  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL);
  }

  override async find(memberId: string): Promise<StoredCredentials | null> {
    return this.team.passwords.get(memberId) ?? null;
  }

  override async save(memberId: string, passwordHash: string, mustChangePassword: boolean) {
    this.team.passwords.set(memberId, { memberId, passwordHash, mustChangePassword });
  }
}

class MemorySessions extends SessionsRepository {
  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL);
  }

  override async start(sessionId: string, memberId: string): Promise<void> {
    this.team.sessions.set(sessionId, { memberId, ended: null });
  }

  override async end(sessionId: string, reason: SessionEndReason): Promise<boolean> {
    const session = this.team.sessions.get(sessionId);
    if (!session || session.ended) return false;
    session.ended = reason;
    return true;
  }

  override async endAllOf(
    memberId: string,
    reason: SessionEndReason,
    _db: unknown,
    exceptSessionId: string | null = null,
  ): Promise<void> {
    for (const [id, session] of this.team.sessions) {
      if (session.memberId === memberId && !session.ended && id !== exceptSessionId) {
        session.ended = reason;
      }
    }
  }
}

class MemoryPasswordResets extends PasswordResets {
  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL, CONFIG, SECRETS);
  }

  /** The token of a reset's link, as the mail worker writes it into the e-mail. */
  tokenOf(resetId: string): string {
    return this.tokenFor(resetId);
  }

  override async create(resetId: string, memberId: string, expiresAt: Date): Promise<void> {
    this.team.resets.set(this.tokenOf(resetId), { memberId, expiresAt, used: false });
  }

  override async consume(token: string): Promise<{ memberId: string }> {
    const reset = this.team.resets.get(token);
    if (!reset) throw new ResetLinkInvalidError();
    if (reset.used) throw new ResetLinkUsedError();
    if (reset.expiresAt.getTime() <= Date.now()) throw new ResetLinkExpiredError();
    for (const other of this.team.resets.values())
      if (other.memberId === reset.memberId) other.used = true;
    return { memberId: reset.memberId };
  }
}

/** The real keys and limits; tries counted without the minute's window, which a spec never outlasts. */
class MemoryThrottle extends LoginThrottle {
  private readonly keysOf = new Map<number, string[]>();
  private nextId = 0;

  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL, SECRETS);
  }

  override async begin(keys: ThrottleKey[], refusal = TOO_MANY_LOGINS_MESSAGE) {
    const attempt: LoginAttempt = { ids: [++this.nextId] };
    this.keysOf.set(
      attempt.ids[0],
      keys.map(({ key }) => key),
    );
    for (const { key } of keys) this.team.tries.set(key, (this.team.tries.get(key) ?? 0) + 1);
    if (keys.some(({ key, limit }) => this.team.tries.get(key)! > limit)) {
      await this.withdraw(attempt);
      throw new Refusal('too_many_requests', refusal);
    }
    return attempt;
  }

  override async withdraw({ ids }: LoginAttempt): Promise<void> {
    for (const key of ids.flatMap((id) => this.keysOf.get(id) ?? [])) {
      this.team.tries.set(key, this.team.tries.get(key)! - 1);
    }
    ids.forEach((id) => this.keysOf.delete(id));
  }
}

/** Secrets kept readable: sealing them is the table's concern, not the handlers'. */
class MemorySecondFactors extends SecondFactors {
  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL, SECRETS, team.hasher);
  }

  override async find(memberId: string): Promise<StoredSecondFactor | null> {
    const factor = this.team.factors.get(memberId);
    return factor ? { secret: factor.secret, confirmed: factor.confirmed } : null;
  }

  override async startSetup(memberId: string, secret: string): Promise<void> {
    if (this.team.factors.get(memberId)?.confirmed) return;
    this.team.factors.set(memberId, {
      secret,
      confirmed: false,
      lastStep: 0,
      unusedRecoveryCodes: [],
    });
  }

  override async acceptCode(memberId: string, code: string): Promise<boolean> {
    const factor = this.team.factors.get(memberId);
    const step = factor ? totpStep(factor.secret, code) : null;
    if (!factor || step === null || step <= factor.lastStep) return false;
    factor.lastStep = step;
    return true;
  }

  override async confirm(memberId: string): Promise<string[]> {
    const factor = this.team.factors.get(memberId)!;
    const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    const part = () => Array.from({ length: 5 }, pick).join('');
    factor.confirmed = true;
    factor.unusedRecoveryCodes = Array.from(
      { length: RECOVERY_CODE_COUNT },
      () => `${part()}-${part()}`,
    );
    return [...factor.unusedRecoveryCodes];
  }

  override async useRecoveryCode(memberId: string, typed: string): Promise<number | null> {
    const codes = this.team.factors.get(memberId)?.unusedRecoveryCodes ?? [];
    const at = codes.indexOf(typed.trim().toLowerCase());
    if (at < 0) return null;
    codes.splice(at, 1);
    return codes.length;
  }

  override async remove(memberId: string): Promise<void> {
    this.team.factors.delete(memberId);
  }
}

class MemoryPolicy extends TeamSecurityPolicyRepository {
  constructor(private readonly team: InMemoryTeam) {
    super(NO_POOL);
  }

  override async get(): Promise<TeamSecurityPolicy> {
    return { ...this.team.policy };
  }

  override async save(policy: TeamSecurityPolicy): Promise<void> {
    this.team.policy = { ...policy };
  }
}
