import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiHeader, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { Request } from 'express';
import { IntegerBetween } from './number-fields.js';

/** `3`, `"3"` or `W/"3"`: a version as an ETag carries it. */
const VERSION_TAG = /^(?:W\/)?"?([1-9]\d{0,9})"?$/;

/** The version in an `If-Match` header, if any; a header that names no version is a 400. */
export function parseIfMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = VERSION_TAG.exec(header.trim());
  if (!match) throw new BadRequestException('If-Match must be a version number, such as "3"');
  return Number(match[1]);
}

/**
 * The version the client saw, from `If-Match`, for routes that also take `expectedVersion` in
 * the body. Lets plain HTTP clients use the standard precondition header.
 */
export const IfMatchVersion = createParamDecorator(
  (_: unknown, context: ExecutionContext): number | undefined =>
    parseIfMatchVersion(context.switchToHttp().getRequest<Request>().header('if-match')),
);

/** Documents the optional `If-Match` precondition that `IfMatchVersion` reads. */
export const ApiIfMatch = () =>
  ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The lead version the client saw (`3`, `"3"` or `W/"3"`); stale → 409',
    schema: { type: 'string', pattern: VERSION_TAG.source, example: '"3"' },
  });

/** Stream versions are PostgreSQL integers: a larger number names no version there can be. */
const MAX_VERSION = 2_147_483_647;

/** The stream version the client saw, in a body or query: optional, a version there can be. */
export const ExpectedVersionField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ description, example: 1 }),
    IsOptional(),
    IntegerBetween(1, MAX_VERSION),
  );
