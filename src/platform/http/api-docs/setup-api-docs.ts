import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '#src/config/app-config.js';
import { AUTHENTICATOR, type Authenticator } from '../access.guard.js';
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
  documentValidationRules();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.COMPANY_NAME} API`)
      .setDescription(
        'Public site and staff CRM API. Every error answers `{statusCode, error, message}`.',
      )
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(API_DOCS_PATH, app, withoutRepeatedSecurity(document));
}

/** A route and its controller may both declare roles; the document names the scheme once. */
function withoutRepeatedSecurity(document: OpenAPIObject): OpenAPIObject {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, OperationObject>)) {
      if (!operation.security) continue;
      const unique = new Map(operation.security.map((entry) => [JSON.stringify(entry), entry]));
      operation.security = [...unique.values()];
    }
  }
  return document;
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
