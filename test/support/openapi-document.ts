import responseValidator from 'openapi-response-validator';
import type request from 'supertest';

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: unknown;
};
export interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    {
      content?: Record<string, { schema: Schema }>;
      headers?: Record<string, { required?: boolean }>;
    }
  >;
  security?: object[];
  'x-roles'?: string[];
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
export interface Call {
  method: string;
  path: string;
  operation: Operation;
}

// A CommonJS module whose class is its `default` export.
const { default: OpenAPIResponseValidator } = responseValidator;

const schemaNamed = (document: Document, ref: string) =>
  document.components.schemas[ref.replace('#/components/schemas/', '')];

/**
 * The request an integrator builds from the document alone: every property's example, nested
 * objects included. A required property without an example leaves the body incomplete, and the
 * API's 400 then fails the test.
 */
export function exampleOf(document: Document, schema: Schema): unknown {
  if (schema.$ref) return exampleOf(document, schemaNamed(document, schema.$ref));
  if (schema.example !== undefined) return schema.example;
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(document, s)));
  if (schema.properties) {
    const entries = Object.entries(schema.properties)
      .map(([name, property]) => [name, exampleOf(document, property)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  return undefined;
}

/**
 * Answers must hold no field the document leaves out, so every documented object is closed
 * for the check unless it says otherwise.
 */
function closedSchemas(schemas: Record<string, Schema>): Record<string, Schema> {
  const close = (schema: Schema): Schema => {
    const closed: Schema = { ...schema };
    if (schema.properties) {
      closed.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, close(property)]),
      );
      closed.additionalProperties ??= false;
    }
    if (schema.items) closed.items = close(schema.items);
    return closed;
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, close(schema)]));
}

/** Every operation of the document with its method and path. */
export function callsOf(document: Document): Call[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
  );
}

/**
 * Checks an answer against what the document says of its status: listed, with the required
 * headers, of a documented media type and, for JSON, matching the schema exactly.
 * Returns what is wrong, or null.
 */
export function answerChecker(document: Document) {
  const components = { schemas: closedSchemas(document.components.schemas) };
  const validators = new Map<string, InstanceType<typeof OpenAPIResponseValidator>>();
  const validatorOf = (operation: Operation) => {
    let validator = validators.get(operation.operationId);
    if (!validator) {
      validator = new OpenAPIResponseValidator({
        responses: operation.responses as never,
        components: components as never,
      });
      validators.set(operation.operationId, validator);
    }
    return validator;
  };
  return (call: Call, response: request.Response): string | null => {
    const label = `${call.method.toUpperCase()} ${call.path} answered ${response.status}`;
    const documented = call.operation.responses[String(response.status)];
    if (!documented) return `${label}, which the document does not list`;
    const missingHeaders = Object.entries(documented.headers ?? {})
      .filter(
        ([name, header]) => header.required && response.headers[name.toLowerCase()] === undefined,
      )
      .map(([name]) => name);
    if (missingHeaders.length > 0) return `${label} without ${missingHeaders.join(', ')}`;
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) {
      return response.text ? `${label} with a body the document does not describe` : null;
    }
    if (!mediaTypes.includes(response.type)) {
      return `${label} as ${response.type}, documented as ${mediaTypes.join(', ')}`;
    }
    if (response.type !== 'application/json') return null;
    const errors = validatorOf(call.operation).validateResponse(response.status, response.body);
    return errors ? `${label}: ${JSON.stringify(errors.errors)}` : null;
  };
}
