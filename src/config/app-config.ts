import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
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
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every environment variable the app reads. `.env.example` documents each one. */
export class AppEnvironment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsString()
  DATA_DIR = './data';

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_PG_PORT = 5433;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'APP_SECRET must be at least 32 characters long' })
  APP_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
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

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\d{5,20}$/, { message: 'META_PIXEL_ID must be the numeric pixel id' })
  META_PIXEL_ID?: string;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS = 0;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  RATE_LIMIT_PER_MINUTE = 20;
}

export type AppConfig = Readonly<AppEnvironment>;

export class ConfigError extends Error {}

/** Validates the environment once; a bad or missing value throws naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppEnvironment());
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && (known.includes(key) || key in AppEnvironment.prototype)) {
      picked[key] = value;
    }
  }
  for (const key of [
    'DATABASE_URL',
    'APP_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'META_PIXEL_ID',
    'PUBLIC_URL',
  ]) {
    if (env[key] !== undefined) picked[key] = env[key];
  }
  const config = plainToInstance(AppEnvironment, picked);
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const messages = Object.values(error.constraints ?? {}).join('; ');
      return `${error.property}: ${messages} (got ${JSON.stringify(error.value)})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  }
  return Object.freeze(config);
}
