import { basename, dirname } from 'node:path';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { PatternCatalogue } from '#src/modules/patterns/catalogue/pattern-catalogue.js';
import { Public } from '#src/platform/http/access.decorators.js';

/** Only these names are ever looked up: no dots, slashes or encodings can reach the file system. */
const TEXTURE_FILE = /^([A-Z0-9]+)-hd-0\.jpg$/;
const THUMBNAIL_FILE = /^([A-Z0-9]+)\.jpg$/;

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
  @ApiOkResponse({ description: 'Seamless texture, JPEG' })
  @ApiNotFoundResponse({ description: 'Not a catalogue code' })
  async texture(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const code = this.codeFrom(file, TEXTURE_FILE);
    await this.send(response, await this.catalogue.texturePath(code));
  }

  @Public()
  @SkipThrottle()
  @Get('thumbs/:file')
  @ApiOkResponse({ description: 'Small preview of the texture for the pattern grid, JPEG' })
  @ApiNotFoundResponse({ description: 'Not a catalogue code' })
  async thumbnail(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const code = this.codeFrom(file, THUMBNAIL_FILE);
    await this.send(response, await this.catalogue.thumbnailPath(code));
  }

  private codeFrom(file: string, pattern: RegExp): string {
    const code = pattern.exec(file)?.[1];
    if (!code || !this.catalogue.has(code)) throw new NotFoundException('Kuvaa ei löydy');
    return code;
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
