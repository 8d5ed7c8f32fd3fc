/**
 * The API document's JSON answers as Ajv validators: an answer must match the schema documented for its status
 * (the fuzz suite and the OpenAPI document's own test use them; issue 37).
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the schema, or null. */
function withNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNulls);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, withNulls(child)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/**
 * Validators of the document's JSON answers. Component references are resolved against the document's
 * components, added once under the id `api`.
 */
export function answerValidators(document: { components?: unknown }) {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(withNulls({ components: document.components ?? {} }) as object, 'api');
  const toApi = (schema: unknown) => JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/');
  return (schema: unknown) => ajv.compile(withNulls(JSON.parse(toApi(schema))) as object);
}
