import type { JsonObject } from './event-store.types.js';

/** Turns the data of `type` at `fromVersion` into the data of `fromVersion + 1`. */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: JsonObject): JsonObject;
}

/** Old events are upcast on read, so every consumer sees only the latest schema of each type. */
export class UpcasterRegistry {
  private readonly byType = new Map<string, Map<number, Upcaster>>();

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
    data: JsonObject,
  ): { data: JsonObject; schemaVersion: number } {
    const versions = this.byType.get(type);
    if (!versions) return { data, schemaVersion };
    let current = data;
    let version = schemaVersion;
    for (let next = versions.get(version); next; next = versions.get(version)) {
      current = next.upcast(current);
      version += 1;
    }
    return { data: current, schemaVersion: version };
  }
}
