import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IntegerBetween } from './number-fields.js';

const LAST_PAGE = 100_000;

/** An optional 1-based page number in a query string. */
export const PageNumber = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 1 }),
    IsOptional(),
    Type(() => Number),
    IntegerBetween(1, LAST_PAGE),
  );

/** An optional page size in a query string, at most `max` rows. */
export const PageSize = (max: number) =>
  applyDecorators(
    ApiPropertyOptional({ example: 25 }),
    IsOptional(),
    Type(() => Number),
    IntegerBetween(1, max),
  );
