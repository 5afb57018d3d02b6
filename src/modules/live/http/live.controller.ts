import {
  BadRequestException,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LIVE_STREAM_PATH } from '#src/contract/live.js';
import { APP_CONFIG } from '#src/config/config.module.js';
import type { AppConfig } from '#src/config/app-config.js';
import { Roles, STAFF_ROLES } from '#src/platform/http/access.decorators.js';
import { AUTHENTICATOR, type Authenticator } from '#src/platform/http/access.guard.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { LIVE_STREAM_COOKIE } from '#src/platform/http/live-stream-cookie.js';
import { readiness } from '#src/platform/lifecycle/readiness.js';
import { RequestPressure } from '#src/platform/scheduling/request-pressure.js';
import { LiveFeed } from '../feed/live-feed.js';
import { parsePositionId } from '../feed/live-notices.js';
import { LiveStreamQuery } from './dto/live-query.dto.js';
import { LiveStream } from './live-stream.js';

/** As long as a staff session can last; the token inside expires on its own anyway. */
const COOKIE_MAX_AGE_MS = 8 * 60 * 60 * 1000;
/** A refused stream's client tries again after about this long (the frontend backs off). */
const RETRY_AFTER_SECONDS = 5;

/** The admin's live stream of changes (docs/decisions/0112-live-stream.md). */
@ApiTags('live')
@Controller(LIVE_STREAM_PATH.slice(1))
@Roles(...STAFF_ROLES)
export class LiveController {
  constructor(
    private readonly feed: LiveFeed,
    private readonly requests: RequestPressure,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
  ) {}

  @Post('session')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Lets this browser open the live stream: an EventSource cannot send the bearer token, so ' +
      'it goes in an httpOnly, same-site cookie that only the stream reads',
  })
  @ApiNoContentResponse({ description: 'The cookie is set' })
  openSession(@Req() request: Request, @Res({ passthrough: true }) response: Response): void {
    const token = request.headers.authorization!.slice('Bearer '.length);
    response.cookie(LIVE_STREAM_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: LIVE_STREAM_PATH,
      maxAge: COOKIE_MAX_AGE_MS,
    });
  }

  @Get()
  @ApiOperation({
    summary:
      'Server-sent events: `change` per appended event of the board, a lead or a conversation ' +
      '(type, stream, lead id, version, position; no personal data), `stats` once the ' +
      "Overview's totals caught up, `resync` when a resume is too far back, `ready` on connect",
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'Sent by a reconnecting EventSource: the changes after it are told first',
  })
  @ApiOkResponse({ description: 'An event stream that stays open', schema: { type: 'string' } })
  @ApiErrors(400, 503)
  async stream(
    @Query() query: LiveStreamQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const resumeFrom = lastEventId ?? query.after;
    const after = parsePositionId(resumeFrom);
    if (resumeFrom !== undefined && !after) {
      throw new BadRequestException('Last-Event-ID must be the id of a live change');
    }
    if (readiness.state === 'draining') {
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableException('This instance is stopping: connect again');
    }
    if (this.feed.openStreams >= this.config.LIVE_STREAMS_MAX) {
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableException('Too many live streams open here: connect again');
    }
    this.requests.release(response);
    const stream = new LiveStream(response, this.feed, async () =>
      Boolean(await this.authenticator.authenticate(request)),
    );
    await stream.open(after).catch(() => stream.close());
  }
}
