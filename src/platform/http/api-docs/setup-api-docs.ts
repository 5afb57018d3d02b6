import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '#src/config/app-config.js';
import { AUTHENTICATOR, type Authenticator } from '../access.guard.js';
import { REQUEST_ID } from '../request-context.middleware.js';
import { documentValidationRules } from './validation-rules.js';

export const API_DOCS_PATH = 'api/docs';
/** The UI and its assets, and the document as JSON and YAML. */
const DOCS_ROUTE = new RegExp(`^/${API_DOCS_PATH}([/-]|$)`);

/**
 * Publishes the OpenAPI document at /api/docs-json (and its UI at /api/docs). It maps every
 * staff route, so in production only signed-in staff may read it.
 */
export function setupApiDocs(app: INestApplication, config: AppConfig): void {
  if (config.NODE_ENV === 'production') {
    app.use(staffOnly(app.get<Authenticator>(AUTHENTICATOR, { strict: false })));
  }
  // Built on the first request, not at start-up: most processes never serve it.
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildDocument(app, config));
}

function buildDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  documentValidationRules();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.COMPANY_NAME} API`)
      .setDescription(
        'Public site and staff CRM API. Every error answers `{statusCode, error, message}`.',
      )
      .addBearerAuth()
      .addGlobalParameters({
        in: 'header',
        name: 'X-Request-Id',
        required: false,
        description: 'Correlates the request in logs and events; a malformed one is replaced',
        schema: { type: 'string', pattern: REQUEST_ID.source },
      })
      .build(),
  );
  for (const operation of operations(document)) {
    // Any route that reaches the database can find it busy or down: see HttpErrorsFilter.
    operation.responses['503'] ??= databaseUnavailable();
    // A route and its controller may both declare roles: name the scheme once.
    if (operation.security) {
      operation.security = [...new Set(operation.security.map((e) => JSON.stringify(e)))].map(
        (entry) => JSON.parse(entry) as Record<string, string[]>,
      );
    }
    for (const response of Object.values(operation.responses) as ResponseObject[]) {
      response.headers = { ...REQUEST_ID_HEADER, ...response.headers };
    }
  }
  return document;
}

function databaseUnavailable(): ResponseObject {
  return {
    description:
      'The database is busy or unreachable for now: try again after the seconds in Retry-After',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before trying again',
        required: false,
        schema: { type: 'integer' },
      },
    },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } },
  };
}

const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description: 'The request id sent, or the one generated for the request',
    required: true,
    schema: { type: 'string' },
  },
};

function operations(document: OpenAPIObject): OperationObject[] {
  return Object.values(document.paths).flatMap((path) =>
    Object.values(path as Record<string, OperationObject>),
  );
}

function staffOnly(authenticator: Authenticator) {
  const refuse = (response: Response, statusCode: 401 | 403) =>
    response.status(statusCode).json({
      statusCode,
      error: statusCode === 401 ? 'Unauthorized' : 'Forbidden',
      message: 'The API document is for signed-in staff',
    });
  return (request: Request, response: Response, next: NextFunction) => {
    if (!DOCS_ROUTE.test(request.path)) return next();
    authenticator.authenticate(request).then(
      (staff) => (staff ? next() : refuse(response, 401)),
      () => refuse(response, 403),
    );
  };
}
