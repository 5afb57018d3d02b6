import { Global, Module, type DynamicModule } from '@nestjs/common';
import { join, resolve } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';
import { backupDirectory } from './backup-paths.js';
import { FileFolder, type FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore, s3ClientOf } from './s3-file-store.js';

export const FILE_STORE = Symbol('FILE_STORE');

/** The store's top folders: one per kind of file, each a root of the backup's manifest. */
export const FOLDERS = {
  visualizations: 'visualizations',
  backups: 'backups',
  patternImages: 'pattern-images',
} as const;

/** The S3-compatible bucket when S3_BUCKET is set, else the folders on this machine's disk. */
export function fileStoreOf(config: AppConfig): FileStore {
  if (config.S3_BUCKET) return new S3FileStore(s3ClientOf(config), config.S3_BUCKET);
  const folders: Record<string, string> = {
    [FOLDERS.visualizations]: join(resolve(config.DATA_DIR), 'visualizations'),
    [FOLDERS.backups]: backupDirectory(config),
  };
  if (config.PATTERN_IMAGES_DIR)
    folders[FOLDERS.patternImages] = resolve(config.PATTERN_IMAGES_DIR);
  return new LocalFileStore(folders);
}

export function folderOf(store: FileStore, folder: (typeof FOLDERS)[keyof typeof FOLDERS]) {
  return new FileFolder(store, folder);
}

@Global()
@Module({})
export class FileStoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: FileStoreModule,
      providers: [{ provide: FILE_STORE, useValue: fileStoreOf(config) }],
      exports: [FILE_STORE],
    };
  }
}
