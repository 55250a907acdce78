import { z } from "zod";

export const MAX_NAME_CHARS = 100;
export const MAX_COMPANY_CHARS = 120;

/** GET /profile data (and PUT /profile response data). */
export const ProfileSchema = z.object({
  name: z.string(),
  company_name: z.string(),
  ready_to_contact: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * PUT /profile body: a name is required (the form's only mandatory field),
 * the company is optional; both are trimmed and bounded.
 */
export const ProfileUpdateSchema = z.object({
  name: z
    .string({ error: "Name must be text" })
    .trim()
    .min(1, { error: "Please enter your name" })
    .max(MAX_NAME_CHARS, { error: `Name must be at most ${MAX_NAME_CHARS} characters` }),
  company_name: z
    .string({ error: "Company name must be text" })
    .trim()
    .max(MAX_COMPANY_CHARS, {
      error: `Company name must be at most ${MAX_COMPANY_CHARS} characters`,
    })
    .nullish()
    .transform((v) => v ?? ""),
  ready_to_contact: z
    .boolean({ error: "ready_to_contact must be true or false" })
    .optional()
    .default(false),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;
