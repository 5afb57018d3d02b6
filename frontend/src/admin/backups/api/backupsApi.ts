import type { BackupFileInfo, BackupStatus } from '#src/contract/backups';
import { api } from '@/shared/api/api';

export const backupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backupStatus: build.query<BackupStatus, void>({
      query: () => '/admin/backup/status',
      providesTags: ['Backups'],
    }),
    backUpNow: build.mutation<{ file: BackupFileInfo }, void>({
      query: () => ({ url: '/admin/backup/run', method: 'POST' }),
      invalidatesTags: ['Backups'],
    }),
  }),
});

export const { useBackupStatusQuery, useBackUpNowMutation } = backupsApi;
