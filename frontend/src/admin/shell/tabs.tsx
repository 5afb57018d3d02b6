import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '#src/contract/team';
import { loadChunk } from '@/app/loadChunk';

export type AdminTabId =
  'overview' | 'crm' | 'recycle-bin' | 'audit' | 'reports' | 'backups' | 'team' | 'settings';

export interface AdminTab {
  id: AdminTabId;
  label: string;
  /** Rendered instead of `label` when present (e.g. a count). */
  Label?: LazyExoticComponent<ComponentType>;
  Content: LazyExoticComponent<ComponentType>;
  /** Starts downloading `Content`'s code (once); settles when the download is over. */
  preload: () => Promise<unknown>;
  /** Starts loading the data the tab first shows, without waiting for its code. */
  prefetchData?: () => Promise<unknown>;
  roles: readonly StaffRole[];
}

type PanelModule = { default: ComponentType };

/**
 * A lazy tab panel whose code can download before the panel first renders. Once the code is in,
 * lazy() gets a thenable that calls back synchronously, so React renders the panel at once
 * instead of showing a Suspense fallback and throttling its reveal.
 */
function lazyPanel(load: () => Promise<PanelModule>): Pick<AdminTab, 'Content' | 'preload'> {
  let loaded: PanelModule | undefined;
  let loading: Promise<PanelModule> | undefined;
  const preload = () => (loading ??= loadChunk(load).then((module) => (loaded = module)));
  const resolved = (module: PanelModule) =>
    ({
      then: (onLoaded: (value: PanelModule) => void) => onLoaded(module),
    }) as Promise<PanelModule>;
  return { Content: lazy(() => (loaded ? resolved(loaded) : preload())), preload };
}

const everyone: readonly StaffRole[] = ['admin', 'manager', 'salesperson'];

/**
 * Leads for everyone; the audit log and reports for admins and managers; backups and team for admins
 * only (docs/product.md#roles-and-permissions).
 * The server enforces the same; hiding a tab only spares the user a refusal.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'overview',
    label: 'Overview',
    ...lazyPanel(() => import('@/admin/leads/components/OverviewTab')),
    roles: everyone,
  },
  {
    id: 'crm',
    label: 'CRM',
    ...lazyPanel(() => import('@/admin/leads/components/CrmTab')),
    prefetchData: () =>
      import('@/admin/leads/api/boardQueries').then((board) => board.prefetchBoard()),
    roles: everyone,
  },
  {
    id: 'recycle-bin',
    label: 'Recycle Bin',
    Label: lazy(() => import('@/admin/leads/components/RecycleBinTabLabel')),
    ...lazyPanel(() => import('@/admin/leads/components/RecycleBinTab')),
    roles: everyone,
  },
  {
    id: 'audit',
    label: 'Audit',
    ...lazyPanel(() => import('@/admin/audit/components/AuditTab')),
    roles: ['admin', 'manager'],
  },
  {
    id: 'reports',
    label: 'Reports',
    ...lazyPanel(() => import('@/admin/reports/components/ReportsTab')),
    roles: ['admin', 'manager'],
  },
  {
    id: 'backups',
    label: 'Backups',
    ...lazyPanel(() => import('@/admin/backups/components/BackupsTab')),
    roles: ['admin'],
  },
  {
    id: 'team',
    label: 'Team',
    ...lazyPanel(() => import('@/admin/team/components/TeamTab')),
    roles: ['admin'],
  },
  {
    id: 'settings',
    label: 'Settings',
    ...lazyPanel(() => import('@/admin/auth/components/SettingsTab')),
    roles: everyone,
  },
];

export const tabsFor = (role: StaffRole) => ADMIN_TABS.filter((tab) => tab.roles.includes(role));

/**
 * Starts downloading the code of the tab that `?tab=` asks for, and loading the data it first
 * shows, before the user's role is known; settles when the code is in. A role that may not open
 * it gets the first tab, which every role has. A failed data load shows when the tab asks again.
 */
export const preloadTab = (requested: string | null) => {
  const tab = ADMIN_TABS.find(({ id }) => id === requested) ?? ADMIN_TABS[0];
  void tab.prefetchData?.().catch(() => undefined);
  return tab.preload();
};
