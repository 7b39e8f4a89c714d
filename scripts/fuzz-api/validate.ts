import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './generate';

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, JsonSchema> };
};
export type ParameterObject = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};
export type ResponseObject = { description?: string; content?: Record<string, { schema?: JsonSchema }> };
export type OperationObject = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, ResponseObject>;
};

/** One operation of the document, with what it takes to call and check it. */
export type Operation = { id: string; method: string; path: string; object: OperationObject; pointer: string };

/** What came back for one request. */
export type Answer = { status: number; contentType: string | null; body: string };

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Validates the document against the OpenAPI schema for its version; the errors when it is not valid. */
export async function documentErrors(doc: unknown): Promise<string[]> {
  const validator = new Validator();
  const result = await validator.validate(doc as Record<string, unknown>);
  if (result.valid) return [];
  return (Array.isArray(result.errors) ? result.errors : [result.errors]).map((e) =>
    typeof e === 'string' ? e : JSON.stringify(e),
  );
}

/** Every operation in the document, in its order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, object] of Object.entries(item))
      if (methods.includes(method))
        ops.push({
          id: object.operationId ?? `${method} ${path}`,
          method,
          path,
          object,
          pointer: `#/paths/${escapePointer(path)}/${method}`,
        });
  return ops;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? null;
const isJsonType = (t: string | null) => !!t && (t === 'application/json' || t.endsWith('+json'));

/** Is this media type (from an answer) one of the documented ones, wildcards allowed? */
function documentedType(documented: string[], actual: string): string | undefined {
  return documented.find((d) => {
    // A documented key may carry parameters (text/csv; charset=utf-8): the media type is what must match.
    const want = mediaTypeOf(d)!;
    if (want === actual || want === '*/*') return true;
    return want.endsWith('/*') && actual.startsWith(want.slice(0, -1));
  });
}

/**
 * Checks answers against one document: the status is documented for the operation (or by a range or a
 * `default`), never 5xx, and a JSON body validates against the schema documented for its status.
 */
export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDoc) {
    // strict off: OpenAPI keywords beside the schemas (description, example) are no error; formats are checked.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // The whole document under one id, so the schemas' `#/components/...` references resolve inside it.
    this.ajv.addSchema(doc as object, 'openapi.json');
  }

  /** A schema in the document by its local reference, for the generator. */
  resolve = (ref: string): JsonSchema => {
    let node: unknown = this.doc;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!node || typeof node !== 'object') throw new Error(`unresolvable $ref ${ref}`);
    return node as JsonSchema;
  };

  /** Validates a value against the schema at `pointer` in the document (a JSON pointer fragment). */
  validateAt(pointer: string, value: unknown): string[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? e.keyword}`);
  }

  /** The problems with one answer to `op`; none when the document told the truth about it. */
  check(op: Operation, answer: Answer): string[] {
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`server error ${answer.status}`);
    const responses = op.object.responses ?? {};
    const key = [String(answer.status), `${Math.floor(answer.status / 100)}XX`, 'default'].find((k) => k in responses);
    if (!key) {
      // A 5xx is reported once, as a server error, documented or not.
      if (answer.status < 500)
        problems.push(`status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
      return problems;
    }
    const content = responses[key]!.content;
    const actual = mediaTypeOf(answer.contentType);
    if (!content || Object.keys(content).length === 0) {
      // Redirects may carry a short text body; any other answer documented without content should have none.
      if (answer.body.length > 0 && (answer.status < 300 || answer.status >= 400))
        problems.push(
          `status ${answer.status} is documented without a body but answered ${actual ?? 'no content type'}`,
        );
      return problems;
    }
    if (!actual) {
      if (answer.body.length > 0 || answer.status !== 204)
        problems.push(`status ${answer.status} answered no content type`);
      return problems;
    }
    const mediaType = documentedType(Object.keys(content), actual);
    if (!mediaType) {
      problems.push(`status ${answer.status} answered ${actual}; documented: ${Object.keys(content).join(', ')}`);
      return problems;
    }
    if (!isJsonType(actual) || !content[mediaType]!.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      problems.push(`status ${answer.status} answered ${actual} that is not JSON: ${answer.body.slice(0, 120)}`);
      return problems;
    }
    const schemaPointer = `${op.pointer}/responses/${escapePointer(key)}/content/${escapePointer(mediaType)}/schema`;
    for (const error of this.validateAt(schemaPointer, body)) problems.push(`status ${answer.status} body: ${error}`);
    return problems;
  }
}
