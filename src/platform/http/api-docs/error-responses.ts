import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

/** One refused field: its path, the rule it broke and a sentence (Finnish on public routes). */
export class FieldRefusalDto {
  @ApiProperty({ example: 'customer.email' })
  field: string;

  @ApiProperty({ description: 'The rule broken, as validation names it', example: 'isEmail' })
  code: string;

  @ApiProperty({ example: 'Tarkista sähköpostiosoite, esimerkiksi nimi@esimerkki.fi.' })
  message: string;
}

/** The one error shape every failure answers with (see HttpErrorsFilter). */
export class ErrorBodyDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ example: 'Bad Request' })
  error: string;

  @ApiProperty({
    description: 'What was wrong. A refused body names each field, separated by "; ".',
    example: 'customer.email must be an email address; doors must not be greater than 999',
  })
  message: string;

  @ApiPropertyOptional({
    type: [FieldRefusalDto],
    description:
      'Each refused field of a refused body, query or header; on the public routes in Finnish',
  })
  fields?: FieldRefusalDto[];
}

export class ConflictBodyDto extends ErrorBodyDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Who saved the newer version, when a stale version was sent',
    example: 'Aino Virtanen',
  })
  changedBy?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'The version the record is at now',
    example: 3,
  })
  currentVersion?: number | null;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: nothing was changed; the message names each refused field',
  401: 'No valid session: the bearer token is missing, expired, signed out or forged',
  403: 'The signed-in role may not do this, or the member must change the password first',
  404: 'No such record',
  409: 'Someone else changed it first (stale version), or a key was reused: nothing was changed',
  410: 'It existed and is no more (a used or expired single-use link): nothing was changed',
  413: 'The request body is too large',
  415: 'The content is not of a type this route accepts',
  422: 'The input is well formed but cannot be processed',
  429: 'Too many requests from this address: wait a minute and try again',
  503: 'A dependency is unavailable for now: try again later',
};

/** Documents the deliberate error answers of a route, each with the shared error shape. */
export const ApiErrors = (...statuses: ErrorStatus[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: DESCRIPTIONS[status],
        type: status === 409 ? ConflictBodyDto : ErrorBodyDto,
      }),
    ),
  );

/** The refusals every route with a JSON body can give before its handler runs. */
export const ApiBodyErrors = () => ApiErrors(400, 413, 415);
