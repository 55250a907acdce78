import type { z } from "zod";
import { badRequest } from "../errors";

/**
 * Parses request input with a contract schema; on failure throws a 400 whose
 * message is the first issue's own sentence (no field-path prefix), because
 * the web app shows it to the user as is.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request");
}
