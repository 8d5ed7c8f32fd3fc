/**
 * Answers sent in their schema's input shape: fields at their default left out, which the schema fills back in
 * when the client parses the answer (the compact menu's item cards). The API document describes such an answer
 * as it is sent (its input JSON Schema, where a field with a default is optional), not as it reads once parsed
 * (app.ts, documentSecurity), so that a client validating the answer against the document accepts it.
 */
import type { z } from 'zod';

const sentAsInput = new WeakSet<z.ZodType>();

/** Marks a response schema as sent in its input shape; returns it. */
export function sentInInputShape<T extends z.ZodType>(schema: T): T {
  sentAsInput.add(schema);
  return schema;
}

/** Whether an answer of this schema is sent in its input shape. */
export function isSentInInputShape(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && sentAsInput.has(schema as z.ZodType);
}
