import { strToU8, type Zippable, zipSync } from 'fflate';
import {
  SUBJECT_ACCESS_DATA_FILE,
  SUBJECT_ACCESS_PHOTO_FOLDER,
  type SubjectAccessData,
} from '#src/contract/subject-access.js';
import type { SubjectAccessFindings } from '#src/modules/audit/queries/subject-access.reader.js';

/**
 * The download: `data.json` with everything as text, and each visualization's uploaded photo
 * and render under `photos/`, named by the visualization's id. JPEGs are stored, not deflated:
 * they are compressed already.
 */
export function subjectAccessZip(
  email: string,
  findings: SubjectAccessFindings,
  exportedAt: Date,
): Buffer {
  const files: Zippable = {};
  const photo = (name: string, bytes: Buffer | null): string | null => {
    if (!bytes) return null;
    const path = `${SUBJECT_ACCESS_PHOTO_FOLDER}/${name}`;
    files[path] = [bytes, { level: 0 }];
    return path;
  };
  const data: SubjectAccessData = {
    email,
    exportedAt: exportedAt.toISOString(),
    leads: findings.leads,
    visualizations: findings.visualizations.map((v) => ({
      id: v.id,
      patternId: v.patternId,
      createdAt: v.createdAt,
      photo: photo(`${v.id}-photo.jpg`, v.photo),
      render: photo(`${v.id}-render.jpg`, v.render),
    })),
  };
  files[SUBJECT_ACCESS_DATA_FILE] = strToU8(JSON.stringify(data, null, 2));
  return Buffer.from(zipSync(files, { mtime: exportedAt }));
}
