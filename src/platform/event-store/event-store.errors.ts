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
