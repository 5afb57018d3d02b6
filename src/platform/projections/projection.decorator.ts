import { SetMetadata } from '@nestjs/common';
import { PROJECTION_METADATA } from './projection.types.js';

/** Marks a provider implementing ProjectionDefinition so the projection manager finds it. */
export const Projection = (): ClassDecorator => SetMetadata(PROJECTION_METADATA, true);
