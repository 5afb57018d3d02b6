import { useEffect, useState } from 'react';

/** GET /api/site-config: the company's public contact details and pixel id. */
export interface SiteConfig {
  companyName: string;
  phone: string;
  email: string;
  serviceArea: string;
  metaPixelId: string | null;
}

let pending: Promise<SiteConfig | null> | null = null;

/** One request per page load; null when the server cannot be reached. */
export function loadSiteConfig(): Promise<SiteConfig | null> {
  pending ??= fetch('/api/site-config', { credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<SiteConfig>) : null))
    .catch(() => null);
  return pending;
}

export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let active = true;
    void loadSiteConfig().then((loaded) => active && setConfig(loaded));
    return () => {
      active = false;
    };
  }, []);
  return config;
}
