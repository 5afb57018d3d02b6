import type { FrontOutline } from './front-outlines.js';
import type { RenderSource } from './render-job.js';

export interface RenderRequest {
  source: RenderSource;
  pattern: { id: string; name: string; description: string; family: string };
  /** Seamless texture of the pattern (JPEG); loaded only by renderers that paint themselves. */
  texture: () => Promise<Buffer>;
  /** The fronts the visitor confirmed; without them the renderer finds them. */
  fronts?: FrontOutline[];
}

export interface RenderResult {
  /** The upload re-encoded from pixels only. */
  original: Uint8Array;
  /** The kitchen with the pattern on its cabinet fronts (JPEG). */
  rendered: Uint8Array;
}

/** Paints a pattern onto a kitchen photo's cabinet fronts. Chosen by VISUALIZER_RENDERER. */
export interface Renderer {
  readonly name: 'local' | 'hosted';
  render(request: RenderRequest): Promise<RenderResult>;
}

export const RENDERER = Symbol('RENDERER');

/** The image-edit provider failed or timed out; the visitor may try again. */
export class ProviderFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderFailedError';
  }
}
