import { z } from "zod";

/**
 * Id under which the server logged a failure's technical detail (server
 * errors only): the user sees a plain message and can quote this id.
 */
export const RequestIdSchema = z.string().optional();

/** Error body every failed API call returns: `{success:false, error:{message}}`. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  error: z.object({
    message: z.string(),
    code: z.string().optional(),
    request_id: RequestIdSchema,
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Wraps a data schema in the success envelope the spec's calls read. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** A success envelope type for a data type. */
export type Success<T> = { success: true; data: T };

/** A non-empty trimmed string with a maximum length, for user-provided text. */
export function boundedText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}
