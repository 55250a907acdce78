/**
 * Converts a zod schema to the JSON-schema subset node-llama-cpp turns into a
 * grammar: `anyOf` becomes `oneOf`, keywords it cannot enforce (numeric
 * bounds, patterns, defaults) are dropped — the zod schema still validates
 * the parsed answer afterwards, so nothing is lost but the constraint during
 * sampling.
 */
import { z } from "zod";

const KEEP = new Set([
  "type",
  "description",
  "const",
  "enum",
  "oneOf",
  "properties",
  "additionalProperties",
  "minProperties",
  "maxProperties",
  "required",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "format",
  "$defs",
  "$ref",
]);
const FORMATS = new Set(["date-time", "time", "date"]);

/** The grammar-ready JSON schema of a zod schema. */
export function grammarSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as Record<string, unknown>;
  return sanitize(json) as Record<string, unknown>;
}

function sanitize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sanitize);
  if (!node || typeof node !== "object") return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    const target = key === "anyOf" ? "oneOf" : key;
    if (!KEEP.has(target)) continue;
    if (target === "format" && !FORMATS.has(String(value))) continue;
    if (target === "properties" || target === "$defs") {
      out[target] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, sanitize(v)]),
      );
    } else if (target === "additionalProperties" && typeof value === "object") {
      out[target] = sanitize(value);
    } else {
      out[target] = typeof value === "object" ? sanitize(value) : value;
    }
  }
  // A schema with no usable keyword (z.any / z.unknown) accepts any JSON value.
  if (Object.keys(out).length === 0 || (Object.keys(out).length === 1 && "description" in out)) {
    return { ...out, type: ["string", "number", "boolean", "null"] };
  }
  return out;
}
