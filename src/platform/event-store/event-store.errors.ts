export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number | string,
    readonly actualVersion: number | null,
    readonly changedBy: string | null,
  ) {
    super(
      changedBy
        ? `This record was changed by ${changedBy} a moment ago; reload to see the latest version.`
        : `This record was changed by someone else a moment ago; reload to see the latest version.`,
    );
    this.name = 'ConcurrencyError';
  }
}

export class StreamNotFoundError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
    this.name = 'StreamNotFoundError';
  }
}

/** A stream an append required to stay at a version had moved on; the caller may re-decide. */
export class RequirementChangedError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'RequirementChangedError';
  }
}
