import { Injectable } from '@nestjs/common';
import { CATALOGUE_JSON } from '#src/modules/patterns/data/catalogue.data.js';
import type { CatalogueEntry, Pattern } from '#src/modules/patterns/domain/pattern.js';
import {
  type ThumbnailFormat,
  TextureStore,
} from '#src/modules/patterns/textures/texture-store.js';

// A unit test pins this data to buildCatalogue()'s output, so the cast cannot drift silently.
const ENTRIES = JSON.parse(CATALOGUE_JSON) as CatalogueEntry[];

function toPattern({ id, name, description, family, imagePath }: CatalogueEntry): Pattern {
  return { id, name, description, family, imagePath };
}

/**
 * The pattern catalogue, read from the committed data (the database holds a seeded copy for
 * reporting). Synchronous lookups so other modules can validate a code without a query.
 */
@Injectable()
export class PatternCatalogue {
  private readonly byCode = new Map(ENTRIES.map((entry) => [entry.id, entry]));
  private readonly patterns: readonly Pattern[] = Object.freeze(ENTRIES.map(toPattern));

  constructor(private readonly textures: TextureStore) {}

  has(code: string): boolean {
    return this.byCode.has(code);
  }

  get(code: string): Pattern | undefined {
    const entry = this.byCode.get(code);
    return entry ? toPattern(entry) : undefined;
  }

  list(): Pattern[] {
    return this.patterns.map((pattern) => ({ ...pattern }));
  }

  entries(): readonly CatalogueEntry[] {
    return ENTRIES;
  }

  /** JPEG bytes of the code's seamless texture: a supplier photo if one is installed, else generated once. */
  async texture(code: string): Promise<Buffer> {
    return this.textures.read(this.entry(code));
  }

  /** Absolute path of the texture file, generating it first when needed. */
  async texturePath(code: string): Promise<string> {
    return this.textures.ensure(this.entry(code));
  }

  /** Absolute path of the grid preview of the texture, in the format asked for. */
  async thumbnailPath(code: string, format: ThumbnailFormat = 'jpg'): Promise<string> {
    return this.textures.ensureThumbnail(this.entry(code), format);
  }

  private entry(code: string): CatalogueEntry {
    const entry = this.byCode.get(code);
    if (!entry) throw new RangeError(`Unknown pattern code: ${code}`);
    return entry;
  }
}
