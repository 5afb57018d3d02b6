import sharp from 'sharp';
import type { RenderPool } from './render-pool.js';
import {
  ProviderFailedError,
  type Renderer,
  type RenderRequest,
  type RenderResult,
} from './renderer.js';

export interface HostedRendererOptions {
  url: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const JPEG_QUALITY = 88;

/**
 * An image-edit API (OpenAI images/edits style): multipart image + mask + prompt, answering
 * `{ data: [{ b64_json }] }`. The fronts are still found here, so the provider only repaints
 * the masked cabinet fronts and nothing else in the kitchen.
 */
export class HostedRenderer implements Renderer {
  readonly name = 'hosted';

  constructor(
    private readonly pool: RenderPool,
    private readonly options: HostedRendererOptions,
  ) {}

  async render(request: RenderRequest): Promise<RenderResult> {
    const prepared = await this.pool.run({
      kind: 'hosted-prepare',
      ...request.source,
      fronts: request.fronts,
    });
    if (prepared.kind !== 'hosted-prepare') throw new Error('unexpected render output');
    const form = new FormData();
    form.append('model', this.options.model);
    form.append('prompt', promptFor(request.pattern));
    form.append('n', '1');
    form.append(
      'image',
      new Blob([Buffer.from(prepared.image)], { type: 'image/png' }),
      'kitchen.png',
    );
    form.append('mask', new Blob([Buffer.from(prepared.mask)], { type: 'image/png' }), 'mask.png');
    const answer = await this.post(form);
    const rendered = await reencode(answer, prepared.width, prepared.height);
    return { original: prepared.original, rendered };
  }

  private async post(form: FormData): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.apiKey}` },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ProviderFailedError(
        timedOut ? 'image-edit API timed out' : (error as Error).message,
      );
    }
    if (!response.ok) {
      throw new ProviderFailedError(`image-edit API answered ${response.status}`);
    }
    const body = (await response.json().catch(() => null)) as {
      data?: { b64_json?: unknown }[];
    } | null;
    const b64 = body?.data?.[0]?.b64_json;
    if (typeof b64 !== 'string' || !b64) {
      throw new ProviderFailedError('image-edit API answered without an image');
    }
    return Buffer.from(b64, 'base64');
  }
}

function promptFor(pattern: RenderRequest['pattern']): string {
  return (
    `Photorealistic photo of the same kitchen. Cover only the masked cabinet doors and drawer ` +
    `fronts with vinyl wrap in pattern ${pattern.name} (${pattern.family}, ${pattern.description}). ` +
    `Keep the room, the light, the shadows, the handles and the perspective exactly as they are.`
  );
}

/** Whatever the provider sent becomes plain JPEG pixels at the photo's size, or an error. */
async function reencode(image: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: 50_000_000 })
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  } catch {
    throw new ProviderFailedError('image-edit API answered with something that is not an image');
  }
}
