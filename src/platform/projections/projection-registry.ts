import type { ProjectionDefinition } from './projection.types.js';

/** Every projection the app knows, by unique name. */
export class ProjectionRegistry {
  private readonly definitions: ProjectionDefinition[] = [];

  register(...definitions: ProjectionDefinition[]): void {
    for (const def of definitions) {
      if (this.definitions.some((d) => d.name === def.name))
        throw new Error(`Duplicate projection ${def.name}`);
      this.definitions.push(def);
    }
  }

  /** Forgets a projection registered while the app runs (a report an admin removed). */
  unregister(name: string): void {
    const index = this.definitions.findIndex((d) => d.name === name);
    if (index >= 0) this.definitions.splice(index, 1);
  }

  get all(): readonly ProjectionDefinition[] {
    return this.definitions;
  }

  get async(): ProjectionDefinition[] {
    return this.definitions.filter((d) => d.mode === 'async');
  }

  get inline(): ProjectionDefinition[] {
    return this.definitions.filter((d) => d.mode === 'inline');
  }

  has(name: string): boolean {
    return this.definitions.some((d) => d.name === name);
  }

  get(name: string): ProjectionDefinition {
    const def = this.definitions.find((d) => d.name === name);
    if (!def)
      throw new Error(
        `Unknown projection ${name}; known: ${this.definitions.map((d) => d.name).join(', ')}`,
      );
    return def;
  }
}
