import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { HostedRenderer } from '#src/modules/visualizer/rendering/hosted-renderer.js';
import { RenderPool } from '#src/modules/visualizer/rendering/render-pool.js';
import {
  ProviderFailedError,
  type RenderRequest,
} from '#src/modules/visualizer/rendering/renderer.js';
import { kitchenJpeg } from '../fixtures/kitchens/kitchen-images.js';

type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;

/** A local stand-in for the image-edit API, answering the way the real one does. */
async function fakeProvider(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/images/edits`, server };
}

async function parseMultipart(request: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

describe(HostedRenderer.name, () => {
  let pool: RenderPool;
  let kitchen: Buffer;
  const servers: Server[] = [];
  const request = (): RenderRequest => ({
    source: { image: kitchen, decoder: 'sharp' },
    pattern: { id: 'NH10', name: 'NH10', description: 'Pattern NH10', family: 'wood' },
    texture: () => Promise.reject(new Error('the hosted renderer must not need the texture')),
  });
  const renderer = (url: string, timeoutMs = 5000) =>
    new HostedRenderer(pool, { url, apiKey: 'sk-test-key', model: 'gpt-image-1', timeoutMs });

  beforeAll(async () => {
    pool = new RenderPool({ concurrency: 1, queueLimit: 4 });
    kitchen = await kitchenJpeg(7, 900, 600);
  });
  afterAll(async () => {
    await pool.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  describe('render', () => {
    it('should send image, mask and a prompt naming the pattern, and return the edited image', async () => {
      let seen: FormData | undefined;
      let authorization: string | undefined;
      const { url, server } = await fakeProvider((req, body, res) => {
        authorization = req.headers.authorization;
        void parseMultipart(req, body).then(async (form) => {
          seen = form;
          const edited = await sharp({
            create: { width: 1024, height: 683, channels: 3, background: '#a0522d' },
          })
            .png()
            .toBuffer();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: edited.toString('base64') }] }));
        });
      });
      servers.push(server);

      const result = await renderer(url).render(request());

      expect(authorization).toBe('Bearer sk-test-key');
      expect(seen?.get('model')).toBe('gpt-image-1');
      expect(String(seen?.get('prompt'))).toContain('NH10');
      const image = seen?.get('image') as Blob;
      const mask = seen?.get('mask') as Blob;
      const imageMeta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      const maskMeta = await sharp(Buffer.from(await mask.arrayBuffer())).metadata();
      expect(imageMeta.format).toBe('png');
      expect(maskMeta.hasAlpha).toBe(true);
      expect([maskMeta.width, maskMeta.height]).toEqual([imageMeta.width, imageMeta.height]);
      // Transparent (editable) exactly where fronts were found, opaque elsewhere.
      const alpha = await sharp(Buffer.from(await mask.arrayBuffer()))
        .extractChannel(3)
        .raw()
        .toBuffer();
      const editable = alpha.filter((value) => value === 0).length / alpha.length;
      expect(editable).toBeGreaterThan(0.1);
      expect(editable).toBeLessThan(0.6);

      const rendered = await sharp(result.rendered).metadata();
      expect([rendered.format, rendered.width, rendered.height]).toEqual(['jpeg', 900, 600]);
      expect((await sharp(result.original).metadata()).format).toBe('jpeg');
    });

    it('should fail clearly when the API answers 500', async () => {
      const { url, server } = await fakeProvider((_req, _body, res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"internal"}}');
      });
      servers.push(server);
      await expect(renderer(url).render(request())).rejects.toEqual(
        new ProviderFailedError('image-edit API answered 500'),
      );
    });

    it('should give up after the timeout when the API does not answer', async () => {
      const { url, server } = await fakeProvider(() => undefined);
      servers.push(server);
      // The provider never answers: only the renderer's own timeout can end this (no wall-clock
      // assertion, which a loaded machine fails).
      await expect(renderer(url, 1000).render(request())).rejects.toEqual(
        new ProviderFailedError('image-edit API timed out'),
      );
    });

    it('should refuse an answer that is not an image', async () => {
      const { url, server } = await fakeProvider((_req, _body, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{ b64_json: Buffer.from('<html>').toString('base64') }] }));
      });
      servers.push(server);
      await expect(renderer(url).render(request())).rejects.toBeInstanceOf(ProviderFailedError);
    });
  });
});
