import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Public } from '#src/platform/http/access.decorators.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One catalogue entry as the list answers it. */
export class PatternListItem {
  @ApiProperty({ example: 'NH10' })
  id: string;

  @ApiProperty({ example: 'Tammi Natural' })
  name: string;

  @ApiProperty({ example: 'Lämmin vaalea tammi, hienovarainen syykuvio' })
  description: string;

  @ApiProperty({ example: '/vinyl_patterns/NH10-hd-0.jpg' })
  imagePath: string;

  @ApiProperty({ example: 'wood' })
  family: string;
}

interface CatalogueBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * GET /api/patterns: the whole catalogue in one cacheable response. It is compressed once per
 * process (≈ 72 kB of JSON, ≈ 5 kB as brotli), since every visitor of /patterns asks for it.
 */
@ApiTags('patterns')
@Controller('api/patterns')
export class PatternsController {
  private body?: Promise<CatalogueBody>;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Public()
  @SkipThrottle()
  @Get()
  @ApiOkResponse({
    type: [PatternListItem],
    description: 'The whole catalogue in catalogue order',
    headers: {
      ETag: {
        required: true,
        description: 'Send back as If-None-Match',
        schema: { type: 'string' },
      },
      'Cache-Control': { required: true, schema: { type: 'string' } },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified since the ETag sent in If-None-Match' })
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const body = await this.catalogueBody();
    response.setHeader('Cache-Control', 'public, max-age=300, must-revalidate');
    response.setHeader('ETag', body.etag);
    response.setHeader('Vary', 'Accept-Encoding');
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    const encoding = request.acceptsEncodings('br', 'gzip', 'identity');
    response.type('application/json');
    if (encoding === 'br' || encoding === 'gzip') {
      response.setHeader('Content-Encoding', encoding);
      response.end(body[encoding]);
      return;
    }
    response.end(body.identity);
  }

  /** The seeded table only changes at start, so one read per process is enough. */
  private catalogueBody(): Promise<CatalogueBody> {
    this.body ??= this.pool
      .query(
        `select id, name, description, image_path as "imagePath", family
           from patterns order by position`,
      )
      .then(async ({ rows }) => {
        const identity = Buffer.from(JSON.stringify(rows));
        const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
        return {
          identity,
          br: await brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: await gzipAsync(identity, { level: 9 }),
          // Weak: the brotli, gzip and plain bodies are the same catalogue.
          etag: `W/"${hash}"`,
        };
      })
      .catch((error: unknown) => {
        this.body = undefined;
        throw error;
      });
    return this.body;
  }
}
