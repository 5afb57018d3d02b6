import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
  noindex?: boolean;
}

/**
 * Present only while the build prerenders a page: the page's meta then goes into the HTML's
 * head instead of being set in the browser.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets the document title and meta description (and optionally noindex) while a page is shown. */
export function usePageMeta(
  title: string,
  description?: string,
  options: { noindex?: boolean } = {},
): void {
  const collect = useContext(PageMetaCollector);
  collect?.({ title, description, noindex: options.noindex });
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    const restore: (() => void)[] = [() => (document.title = previousTitle)];
    if (description) restore.push(setMeta('description', description));
    if (options.noindex) {
      restore.push(setMeta('robots', 'noindex, nofollow'));
      restore.push(setMeta('googlebot', 'noindex, nofollow'));
    }
    return () => {
      restore.forEach((undo) => undo());
      removePrerenderedMeta();
    };
  }, [title, description, options.noindex]);
}

/**
 * The server writes the first page's description, robots, canonical and share tags into the
 * head, marked with this attribute; once that page is left they describe the wrong page.
 */
function removePrerenderedMeta(): void {
  document.head.querySelectorAll('[data-page-meta]').forEach((element) => element.remove());
}

function setMeta(name: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const created = !element;
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  const previous = element.content;
  element.content = content;
  return () => {
    if (created) element.remove();
    else element.content = previous;
  };
}
