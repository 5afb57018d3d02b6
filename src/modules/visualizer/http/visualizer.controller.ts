import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Public } from '#src/platform/http/access.decorators.js';
import type { StaffRequest } from '#src/platform/http/access.guard.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { FreeRenderLimits } from '../limits/free-render-limits.js';
import { VisitorCookie } from '../limits/visitor-cookie.js';
import { VisualizationStore } from '../storage/visualization-store.js';
import { TapSegmentation } from '../segmentation/tap-segmentation.js';
import { VisualizeService } from '../visualize.service.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import {
  DetectFrontsDto,
  DetectFrontsResponseDto,
  TapDto,
  TapResponseDto,
  VisualizeDto,
  VisualizeResponseDto,
  VisualizerStatusDto,
} from './dto/visualize.dto.js';

const RENDER_FILE = /^([A-Za-z0-9_-]{22})\.jpg$/;

@ApiTags('visualizer')
@Controller('api')
export class VisualizerController {
  constructor(
    private readonly service: VisualizeService,
    private readonly limits: FreeRenderLimits,
    private readonly store: VisualizationStore,
    private readonly taps: TapSegmentation,
    @Inject(VisitorCookie) private readonly visitorCookie: VisitorCookie,
  ) {}

  @Post('visualize')
  @Public()
  @HttpCode(200)
  // Dampens hammering only: the free-render counters are the real limit for visitors.
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Render the kitchen photo with a vinyl pattern on its cabinet doors',
    description:
      'Visitors get 3 free renders (per browser, by the visitor cookie); signed-in staff render ' +
      'without limits. 415: not a supported image; 422: no cabinet doors found in the photo; ' +
      '429: free renders used up or too many requests; 503: too many renders queued.',
  })
  @ApiOkResponse({
    type: VisualizeResponseDto,
    headers: {
      'Set-Cookie': {
        description: 'The signed anonymous visitor cookie, on the first render of a browser',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBodyErrors()
  @ApiErrors(415, 422, 429, 503)
  async visualize(
    @Body() body: VisualizeDto,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VisualizeResponseDto> {
    return this.service.visualize({
      kitchenImage: body.kitchenImage,
      patternId: body.patternId,
      fronts: body.fronts,
      visitorId: this.visitorCookie.ensure(request, response),
      ipHash: RequestContext.current()?.ipHash ?? 'unknown',
      unlimited: Boolean(request.staff),
    });
  }

  /** The fronts found in a photo, outlined for the visitor to correct before a render. */
  @Post('visualize/fronts')
  @Public()
  @HttpCode(200)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOkResponse({ type: DetectFrontsResponseDto })
  @ApiBodyErrors()
  @ApiErrors(422, 429, 503)
  async detectFronts(@Body() body: DetectFrontsDto): Promise<DetectFrontsResponseDto> {
    return this.service.detectFronts(body.kitchenImage);
  }

  /** The outline of a front the visitor tapped (or boxed) in the correction step. */
  @Post('visualize/taps')
  @Public()
  @HttpCode(200)
  // Each upload has its own 50 taps; this only dampens hammering across uploads.
  @Throttle({ default: { limit: 120, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Outline the front under a tap or inside a dragged box',
    description:
      'Answered by a segmentation model on the photo of an uploadId from `POST /api/visualize/fronts`, ' +
      'for 15 minutes and 50 taps. 400: a point or box off the photo; 404: unknown or expired ' +
      'upload; 422: no front found there; 429: taps used up; 503: too many taps queued.',
  })
  @ApiOkResponse({ type: TapResponseDto })
  @ApiBodyErrors()
  @ApiErrors(404, 422, 429, 503)
  async tap(@Body() body: TapDto): Promise<TapResponseDto> {
    return { front: await this.taps.tap(body) };
  }

  @Get('visualize/status')
  @Public()
  @ApiOkResponse({ type: VisualizerStatusDto })
  async status(@Req() request: StaffRequest): Promise<VisualizerStatusDto> {
    if (request.staff) return { remaining: 0, unlimited: true };
    return {
      remaining: await this.limits.remaining(this.visitorCookie.read(request)),
      unlimited: false,
    };
  }

  @Get('visualizations/:file')
  @Public()
  @ApiParam({ name: 'file', schema: { type: 'string', pattern: RENDER_FILE.source } })
  @ApiProduces('image/jpeg')
  @ApiOkResponse({
    description: 'A rendered visualization, JPEG',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrors(404, 503)
  async render(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const id = RENDER_FILE.exec(file)?.[1];
    const render = id ? await this.store.openRender(id) : null;
    if (!render) throw new NotFoundException('Visualisointia ei löytynyt.');
    response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    response.setHeader('Content-Length', String(render.size));
    response.type('image/jpeg');
    await pipeline(render.body, response);
  }
}
