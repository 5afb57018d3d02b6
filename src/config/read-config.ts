import { existsSync } from 'node:fs';
import { type AppConfig, ConfigError, loadConfig } from './app-config.js';

/** Exit code for a configuration error (EX_CONFIG): supervisors should not restart in a loop. */
export const EXIT_CONFIG = 78;

/**
 * The configuration of a process started from the command line: `.env` (when present) under
 * the real environment, validated. A bad value ends the process with a message naming it.
 */
export function readConfigOrExit(overrides: Record<string, string> = {}): AppConfig {
  try {
    // Variables already set in the environment win over the file.
    if (existsSync('.env')) process.loadEnvFile('.env');
    return loadConfig({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof SyntaxError) {
      console.error(error.message);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}
