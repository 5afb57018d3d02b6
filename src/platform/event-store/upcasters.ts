import type { JsonObject } from './event-store.types.js';

/**
 * What an upcaster sees and returns: the whole event body, personal data decrypted. Personal
 * data is null when the reader did not ask for it or its subject was erased, and undefined
 * when the event has none.
 */
export interface UpcastEvent {
  data: JsonObject;
  personalData: JsonObject | null | undefined;
}

/** Turns an event of `type` at `fromVersion` into the event of `fromVersion + 1`. */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(event: UpcastEvent): UpcastEvent;
}

/** Old events are upcast on read, so every consumer sees only the latest schema of each type. */
export class UpcasterRegistry {
  private readonly byType = new Map<string, Map<number, Upcaster>>();
  /** Old stored type name → the name it is read as. */
  private readonly renamed = new Map<string, string>();

  /**
   * Events stored under the type name `from` are read as `to`: renaming an event type keeps its
   * history readable. New events are written under `to`.
   */
  rename(from: string, to: string): void {
    if (this.renamed.has(from)) throw new Error(`${from} is already renamed`);
    this.renamed.set(from, to);
  }

  /** The type name an event stored under `storedType` is read as. */
  currentType(storedType: string): string {
    return this.renamed.get(storedType) ?? storedType;
  }

  /** Every name events of `types` may be stored under: for filters on the stored type. */
  storedTypes(types: readonly string[]): string[] {
    const old = [...this.renamed].filter(([, to]) => types.includes(to)).map(([from]) => from);
    return [...types, ...old];
  }

  register(...upcasters: Upcaster[]): void {
    for (const upcaster of upcasters) {
      const versions = this.byType.get(upcaster.type) ?? new Map<number, Upcaster>();
      if (versions.has(upcaster.fromVersion)) {
        throw new Error(`Duplicate upcaster for ${upcaster.type} v${upcaster.fromVersion}`);
      }
      versions.set(upcaster.fromVersion, upcaster);
      this.byType.set(upcaster.type, versions);
    }
  }

  /** The schema version new events of `type` are written with. */
  currentVersion(type: string): number {
    const versions = this.byType.get(type);
    return versions ? Math.max(...versions.keys()) + 1 : 1;
  }

  upcast(
    type: string,
    schemaVersion: number,
    event: UpcastEvent,
  ): UpcastEvent & { schemaVersion: number } {
    const versions = this.byType.get(type);
    let current = event;
    let version = schemaVersion;
    for (let next = versions?.get(version); next; next = versions?.get(version)) {
      current = next.upcast(current);
      version += 1;
    }
    return { ...current, schemaVersion: version };
  }
}
