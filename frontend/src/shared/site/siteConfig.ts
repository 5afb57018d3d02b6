import { useEffect, useState } from 'react';
import {
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_PLACEHOLDERS,
  type SiteConfig,
} from '#src/contract/site';

export type { SiteConfig };

/**
 * The configuration the server put into this page's document; while prerendering, the
 * placeholders it fills in. The client-rendered admin shell has none.
 */
function embeddedSiteConfig(): SiteConfig | null {
  if (typeof document === 'undefined') return SITE_CONFIG_PLACEHOLDERS;
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as SiteConfig) : null;
  } catch {
    return null;
  }
}

let pending: Promise<SiteConfig | null> | null = null;

/** One request per page load at most; null when the server cannot be reached. */
export function loadSiteConfig(): Promise<SiteConfig | null> {
  const embedded = embeddedSiteConfig();
  pending ??= embedded
    ? Promise.resolve(embedded)
    : fetch('/api/site-config', { credentials: 'omit' })
        .then((response) => (response.ok ? (response.json() as Promise<SiteConfig>) : null))
        .catch(() => null);
  return pending;
}

/** Known from the first render on a public page, so its markup matches the prerendered one. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(embeddedSiteConfig);
  useEffect(() => {
    if (config) return;
    let active = true;
    void loadSiteConfig().then((loaded) => active && setConfig(loaded));
    return () => {
      active = false;
    };
  }, [config]);
  return config;
}
