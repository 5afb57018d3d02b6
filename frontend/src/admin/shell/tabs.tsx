import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '@/admin/auth/api/authApi';

export type AdminTabId = 'overview' | 'crm' | 'recycle-bin' | 'backups' | 'team' | 'settings';

export interface AdminTab {
  id: AdminTabId;
  label: string;
  /** Rendered instead of `label` when present (e.g. a count). */
  Label?: LazyExoticComponent<ComponentType>;
  Content: LazyExoticComponent<ComponentType>;
  roles: readonly StaffRole[];
}

const everyone: readonly StaffRole[] = ['admin', 'manager', 'salesperson'];

/**
 * DESIGN "Security model": leads for everyone; backups and team for admins only. The server
 * enforces the same; hiding a tab only spares the user a refusal.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'overview',
    label: 'Overview',
    Content: lazy(() => import('@/admin/overview/OverviewTab')),
    roles: everyone,
  },
  { id: 'crm', label: 'CRM', Content: lazy(() => import('@/admin/crm/CrmTab')), roles: everyone },
  {
    id: 'recycle-bin',
    label: 'Recycle Bin',
    Label: lazy(() => import('@/admin/recycle-bin/RecycleBinTabLabel')),
    Content: lazy(() => import('@/admin/recycle-bin/RecycleBinTab')),
    roles: everyone,
  },
  {
    id: 'backups',
    label: 'Backups',
    Content: lazy(() => import('@/admin/backups/components/BackupsTab')),
    roles: ['admin'],
  },
  {
    id: 'team',
    label: 'Team',
    Content: lazy(() => import('@/admin/team/components/TeamTab')),
    roles: ['admin'],
  },
  {
    id: 'settings',
    label: 'Settings',
    Content: lazy(() => import('@/admin/settings/components/SettingsTab')),
    roles: everyone,
  },
];

export const tabsFor = (role: StaffRole) => ADMIN_TABS.filter((tab) => tab.roles.includes(role));
