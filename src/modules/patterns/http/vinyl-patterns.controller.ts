import { basename, dirname } from 'node:path';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { PatternCatalogue } from '#src/modules/patterns/catalogue/pattern-catalogue.js';
import type { ThumbnailFormat } from '#src/modules/patterns/textures/texture-store.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';

/** Only these names are ever looked up: no dots, slashes or encodings can reach the file system. */
const TEXTURE_FILE = /^([A-Z0-9]+)-hd-0\.jpg$/;
const THUMBNAIL_FILE = /^([A-Z0-9]+)\.(jpg|avif|webp)$/;

const JPEG = { type: 'string', format: 'binary' } as const;

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Pattern images at the paths the catalogue advertises. Files never change once written (a new
 * supplier photo comes with a new deploy of its folder), hence the year-long immutable caching.
 */
@ApiTags('patterns')
@Controller('vinyl_patterns')
export class VinylPatternsController {
  constructor(private readonly catalogue: PatternCatalogue) {}

  @Public()
  @SkipThrottle()
  @Get(':file')
  @ApiParam({
    name: 'file',
    schema: { type: 'string', pattern: TEXTURE_FILE.source, example: 'NH10-hd-0.jpg' },
  })
  @ApiProduces('image/jpeg')
  @ApiOkResponse({ description: 'Seamless texture, JPEG', schema: JPEG })
  @ApiErrors(404)
  async texture(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const [, code] = this.catalogueFile(file, TEXTURE_FILE);
    await this.send(response, await this.catalogue.texturePath(code));
  }

  @Public()
  @SkipThrottle()
  @Get('thumbs/:file')
  @ApiParam({
    name: 'file',
    schema: { type: 'string', pattern: THUMBNAIL_FILE.source, example: 'NH10.avif' },
  })
  @ApiProduces('image/jpeg', 'image/avif', 'image/webp')
  @ApiOkResponse({
    description: 'Small preview for the pattern grid: JPEG, AVIF or WebP by its extension',
    schema: JPEG,
  })
  @ApiErrors(404)
  async thumbnail(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const [, code, format] = this.catalogueFile(file, THUMBNAIL_FILE);
    await this.send(response, await this.catalogue.thumbnailPath(code, format as ThumbnailFormat));
  }

  /** The file name's parts, the catalogue code first; 404 unless it names a catalogue code. */
  private catalogueFile(file: string, pattern: RegExp): RegExpExecArray {
    const match = pattern.exec(file);
    if (!match || !this.catalogue.has(match[1])) throw new NotFoundException('Kuvaa ei löydy');
    return match;
  }

  private send(response: Response, path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // Root and name apart: `send` would otherwise refuse a data folder under a dot-directory.
      // The name is a validated catalogue code, so nothing here can point outside the folder.
      response.sendFile(
        basename(path),
        { root: dirname(path), maxAge: ONE_YEAR_MS, immutable: true, dotfiles: 'allow' },
        (error) => (error && !response.headersSent ? reject(error) : resolve()),
      );
    });
  }
}
