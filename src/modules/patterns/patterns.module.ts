import { Module } from '@nestjs/common';
import { PatternCatalogue } from './catalogue/pattern-catalogue.js';
import { PatternsController } from './http/patterns.controller.js';
import { VinylPatternsController } from './http/vinyl-patterns.controller.js';
import { PatternSeeder } from './seeding/pattern-seeder.js';
import { TextureStore } from './textures/texture-store.js';
import { TextureWarmup } from './textures/texture-warmup.js';

/** The pattern catalogue (GET /api/patterns) and its textures (/vinyl_patterns/{code}-hd-0.jpg). */
@Module({
  controllers: [PatternsController, VinylPatternsController],
  providers: [PatternCatalogue, TextureStore, TextureWarmup, PatternSeeder],
  exports: [PatternCatalogue],
})
export class PatternsModule {}
