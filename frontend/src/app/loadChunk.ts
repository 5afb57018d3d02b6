import { lazy, type ComponentType } from 'react';
import { loadChunk } from './reloadForChunk';

export { loadChunk };

type PageModule<P> = { default: ComponentType<P> };

/** A thenable that calls back at once, so lazy() renders the module without suspending. */
const settled = <T>(module: T) => ({ then: (onLoaded: (value: T) => void) => onLoaded(module) });

/**
 * A lazy page whose chunk is loaded by {@link loadChunk}. `preload` starts the same download
 * ahead of rendering. Once the code is in, the page renders at once instead of suspending: a
 * prerendered page is then hydrated in one pass, so the app has taken over all of it when the
 * hydration commits and a tap made before can be replayed on it.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>) {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () => (loading ??= loadChunk(load).then((module) => (loaded = module)));
  const Page = lazy(() => (loaded ? (settled(loaded) as Promise<PageModule<P>>) : preload()));
  return Object.assign(Page, { preload });
}
