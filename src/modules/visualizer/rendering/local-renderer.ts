import type { RenderPool } from './render-pool.js';
import type { Renderer, RenderRequest, RenderResult } from './renderer.js';

/** Offline renderer: finds the fronts and transfers the pattern on this server's CPU. */
export class LocalRenderer implements Renderer {
  readonly name = 'local';

  constructor(private readonly pool: RenderPool) {}

  async render(request: RenderRequest): Promise<RenderResult> {
    const texture = await request.texture();
    const output = await this.pool.run({
      kind: 'local',
      ...request.source,
      texture,
      fronts: request.fronts,
    });
    if (output.kind !== 'local') throw new Error('unexpected render output');
    return { original: output.original, rendered: output.rendered };
  }
}
