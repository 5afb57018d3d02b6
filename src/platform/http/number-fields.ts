import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

/** A whole number from `min` to `max`, both included. */
export const IntegerBetween = (min: number, max: number) =>
  applyDecorators(IsInt(), Min(min), Max(max));
