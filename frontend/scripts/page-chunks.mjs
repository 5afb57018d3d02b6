/**
 * Which client chunks each prerendered page needs, from the two builds' manifests: while the
 * server bundle renders a route, the lazy page chunks it imports are recorded; each one's source
 * module names its client chunk, which with the chunks it imports statically is what the page's
 * HTML preloads (docs/decisions/0133-first-input-compiled-ahead.md).
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const manifestOf = (dist) => JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

export function pageChunks(frontend) {
  const client = manifestOf(join(frontend, 'dist'));
  const server = manifestOf(join(frontend, 'dist-server'));
  const sourceOfServerFile = new Map(
    Object.entries(server).map(([source, { file }]) => [
      join(frontend, 'dist-server', file),
      source,
    ]),
  );
  let imported = new Set();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.startsWith('file:')) {
        const source = sourceOfServerFile.get(fileURLToPath(resolved.url));
        if (source && client[source]?.isDynamicEntry) imported.add(source);
      }
      return resolved;
    },
  });
  /** The files of `sources`' client chunks and of every chunk they import statically. */
  const withImports = (sources) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = client[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const source of sources) visit(source);
    return [...files].map((file) => `/${file}`);
  };
  return {
    /** Runs `render` and answers the chunks it loaded besides it. */
    async during(render) {
      imported = new Set();
      const result = await render();
      return { result, chunks: withImports(imported) };
    },
  };
}
