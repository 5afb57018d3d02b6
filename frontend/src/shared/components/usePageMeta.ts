import { useEffect } from 'react';

/** Sets the document title and meta description (and optionally noindex) while a page is shown. */
export function usePageMeta(
  title: string,
  description?: string,
  options: { noindex?: boolean } = {},
): void {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    const restore: (() => void)[] = [() => (document.title = previousTitle)];
    if (description) restore.push(setMeta('description', description));
    if (options.noindex) {
      restore.push(setMeta('robots', 'noindex, nofollow'));
      restore.push(setMeta('googlebot', 'noindex, nofollow'));
    }
    return () => restore.forEach((undo) => undo());
  }, [title, description, options.noindex]);
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
