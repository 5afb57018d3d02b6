import 'reflect-metadata';
import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  getMetadataStorage,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** A whole number from min to max; the environment gives it as text. */
const WholeNumber = (min: number, max: number) =>
  applyDecorators(Transform(toInt), IsInt(), Min(min), Max(max));
/** May be left out, and an empty value counts as left out. */
const Unset = () => applyDecorators(Transform(emptyToUndefined), IsOptional());

/** Every environment variable the app reads. `.env.example` documents each one. */
export class AppEnvironment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @WholeNumber(0, 65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * Port of the Prometheus scrape endpoint (`GET /metrics`), a listener apart from PORT so the
   * load balancer never exposes it; unset, no metrics are served.
   */
  @IsOptional()
  @WholeNumber(1, 65535)
  METRICS_PORT?: number;

  /** Interface of the metrics listener; unset, the same as HOST. */
  @Unset()
  @IsString()
  METRICS_HOST?: string;

  @Unset()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsString()
  DATA_DIR = './data';

  /**
   * In production the embedded database (one per machine, on its disk) is refused unless this
   * says a single-box install is meant.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? undefined : value === 'true' || value === true,
  )
  @IsBoolean()
  ALLOW_EMBEDDED_DATABASE = false;

  /** Longest a stop may take: requests in flight finish within it, then the process exits. */
  @WholeNumber(1_000, 600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /** Live streams of the admin (one per open admin window) this process keeps open at most. */
  @WholeNumber(1, 100_000)
  LIVE_STREAMS_MAX = 500;

  @WholeNumber(1024, 65535)
  EMBEDDED_PG_PORT = 5433;

  /** Connections the app keeps to PostgreSQL. */
  @WholeNumber(2, 500)
  DATABASE_POOL_SIZE = 20;

  /** How long a request may wait for a free database connection before it answers 503. */
  @WholeNumber(100, 600_000)
  DATABASE_CONNECT_TIMEOUT_MS = 5_000;

  /** How long a statement may wait for a row or table lock (PostgreSQL `lock_timeout`). */
  @WholeNumber(100, 600_000)
  DATABASE_LOCK_TIMEOUT_MS = 5_000;

  /** How long one statement may run (PostgreSQL `statement_timeout`). */
  @WholeNumber(100, 3_600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 30_000;

  @Unset()
  @IsString()
  @MinLength(32, { message: 'APP_SECRET must be at least 32 characters long' })
  APP_SECRET?: string;

  @Unset()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @Unset()
  @IsString()
  @MinLength(12, { message: 'ADMIN_PASSWORD must be at least 12 characters long' })
  ADMIN_PASSWORD?: string;

  @IsString()
  @MaxLength(100)
  COMPANY_NAME = 'Keittiökalvo';

  @IsString()
  @MaxLength(40)
  COMPANY_PHONE = '+358 40 123 4567';

  @IsEmail({}, { message: 'COMPANY_EMAIL must be an e-mail address' })
  COMPANY_EMAIL = 'info@keittiokalvo.fi';

  @Unset()
  @Matches(/^\d{5,20}$/, { message: 'META_PIXEL_ID must be the numeric pixel id' })
  META_PIXEL_ID?: string;

  @WholeNumber(0, 10)
  TRUST_PROXY_HOPS = 0;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Unset()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @WholeNumber(1, 1_000_000)
  RATE_LIMIT_PER_MINUTE = 20;

  /**
   * Where the public rate limits are counted: `database`, the same for every instance, or
   * `memory`, this process alone (one instance only).
   */
  @IsIn(['database', 'memory'])
  RATE_LIMIT_STORE: 'database' | 'memory' = 'database';

  /** Folder of supplier pattern photos ({code}-hd-0.jpg); a photo there replaces the generated texture. */
  @Unset()
  @IsString()
  PATTERN_IMAGES_DIR?: string;

  /** Generate every pattern texture in the background after start; off by default in tests. */
  @Unset()
  @IsIn(['on', 'off'])
  PATTERN_WARMUP?: 'on' | 'off';

  /** Who paints the visualizer's renders: this server's CPU (default) or an image-edit API. */
  @IsIn(['local', 'hosted'])
  VISUALIZER_RENDERER: 'local' | 'hosted' = 'local';

  /**
   * What finds the cabinet fronts in a photo: OpenCV's staged pipeline or the older rule engine
   * (docs/decisions/0107-front-detection-on-opencv.md says why the default is the one it is).
   */
  // The render pool's `detector` option is typed by the visualizer's own FrontDetector: a name
  // here that it lacks fails the type check where the pool is made.
  @IsIn(['hybrid', 'sam', 'opencv', 'rules'])
  VISUALIZER_DETECTOR: 'hybrid' | 'sam' | 'opencv' | 'rules' = 'rules';

  /** Image-edit endpoint (multipart: image, mask, prompt; answers base64) for the hosted renderer. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  VISUALIZER_API_URL = 'https://api.openai.com/v1/images/edits';

  /** Credential of the image-edit API; the hosted renderer needs it. */
  @Unset()
  @IsString()
  VISUALIZER_API_KEY?: string;

  @IsString()
  @MaxLength(100)
  VISUALIZER_API_MODEL = 'gpt-image-1';

  @WholeNumber(1000, 600_000)
  VISUALIZER_API_TIMEOUT_MS = 120_000;

  /** Free renders per client IP per day, whatever the cookie says (stops cookie clearing). */
  @WholeNumber(1, 10_000)
  VISUALIZER_IP_DAILY_LIMIT = 10;

  /** Renders painted at once (one worker thread each) and renders allowed to wait. */
  @WholeNumber(1, 16)
  VISUALIZER_CONCURRENCY = 2;

  @WholeNumber(0, 100)
  VISUALIZER_QUEUE_LIMIT = 8;

  /** Answer the correction step's taps with the segmentation model (docs/decisions/0108-tap-segmentation-model.md). */
  @IsIn(['on', 'off'])
  VISUALIZER_TAP_MODEL: 'on' | 'off' = 'on';

  /**
   * Outgoing mail server (`smtp://user:pass@host:587` or `smtps://…:465`). Unset: e-mails stay
   * queued and show as not sent until it is configured.
   */
  @Unset()
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** First wait before a temporary SMTP failure is retried; each further try waits twice as long. */
  @WholeNumber(10, 3_600_000)
  MAIL_RETRY_BASE_MS = 30_000;

  /** Tries before an e-mail the server keeps refusing for now is marked failed. */
  @WholeNumber(1, 50)
  MAIL_MAX_ATTEMPTS = 8;

  /**
   * Longest wait for the mail server at any step (connecting, its greeting, each answer): a slow
   * or silent server costs a try, never a stuck worker.
   */
  @WholeNumber(100, 60_000)
  MAIL_SMTP_TIMEOUT_MS = 30_000;

  /**
   * Hour of the morning (0–23, Finnish time) from which each owner gets the e-mail of their
   * follow-ups due that day or overdue, once a day (docs/product.md#follow-ups).
   */
  @WholeNumber(0, 23)
  FOLLOW_UP_DIGEST_HOUR = 7;

  /** Mailbox customers' replies arrive in (`imap://user:pass@host:143` or `imaps://…:993`). */
  @Unset()
  @Matches(/^imaps?:\/\/[^\s]+$/, { message: 'IMAP_URL must be an imap:// or imaps:// URL' })
  IMAP_URL?: string;

  /** How often the IMAP mailbox is checked for replies. */
  @WholeNumber(100, 3_600_000)
  IMAP_POLL_INTERVAL_MS = 60_000;

  /** Folder of backup files and the erasure ledger; default `backups` in DATA_DIR. */
  @Unset()
  @IsString()
  BACKUP_DIR?: string;

  /**
   * Object storage for photos, renders, supplier pattern images and backups, shared by every
   * instance; unset keeps them on this machine's disk (docs/decisions/0109-file-store.md).
   */
  @Unset()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name' })
  S3_BUCKET?: string;

  /** An S3-compatible service's address; unset means AWS itself. */
  @Unset()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  S3_ENDPOINT?: string;

  @IsString()
  @MinLength(1)
  S3_REGION = 'us-east-1';

  @Unset()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @Unset()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** `bucket` in the path rather than the host name: what most S3-compatible servers want. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? undefined : value === 'true' || value === true,
  )
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  /** Every backup of this many recent hours is kept. */
  @WholeNumber(1, 24 * 365)
  BACKUP_KEEP_ALL_HOURS = 24;

  /** After that, the newest backup of each day is kept for this many days. */
  @WholeNumber(0, 3650)
  BACKUP_KEEP_DAILY_DAYS = 30;
}

export type AppConfig = Readonly<AppEnvironment>;

export class ConfigError extends Error {}

/** Values of these variables never appear in error messages: they may hold credentials. */
const SECRET_NAME = /SECRET|PASSWORD|DATABASE_URL|SMTP_URL|IMAP_URL|KEY|TOKEN/;

/** Every variable AppEnvironment declares, read from its validation decorators. */
function declaredVariables(): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppEnvironment, '', true, false)
      .map((meta) => meta.propertyName),
  );
}

/**
 * Validates the environment once; a bad value throws naming the variable. Unset and empty
 * variables take their defaults.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const given: Record<string, string> = {};
  for (const name of declaredVariables()) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const config = plainToInstance(AppEnvironment, given);
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const messages = Object.values(error.constraints ?? {}).join('; ');
      const shown = SECRET_NAME.test(error.property)
        ? ''
        : ` (got ${JSON.stringify(given[error.property] ?? null)})`;
      return `${error.property}: ${messages}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  }
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  }
  if (
    !config.S3_BUCKET &&
    (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID || config.S3_SECRET_ACCESS_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: required when any other S3_ variable is set',
    );
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  return Object.freeze(config);
}

/**
 * What a production server must not start without, as one sentence saying what to set: an
 * embedded database or a Host-derived site address suits one machine only, and several
 * instances would each get their own (docs/decisions/0110-shared-instance-state.md).
 */
export function productionRefusal(config: AppConfig): string | null {
  if (config.NODE_ENV !== 'production') return null;
  if (!config.DATABASE_URL && !config.ALLOW_EMBEDDED_DATABASE)
    return 'NODE_ENV=production needs DATABASE_URL set to your PostgreSQL server (or ALLOW_EMBEDDED_DATABASE=true for a single-machine install).';
  if (!config.PUBLIC_URL)
    return "NODE_ENV=production needs PUBLIC_URL set to the site's public address (such as https://www.example.fi), which links, the sitemap and robots.txt use.";
  return null;
}
