import { z } from "zod";

export const MAX_NAME_CHARS = 100;
export const MAX_COMPANY_CHARS = 120;

/** GET /profile data and PUT /profile body. */
export const ProfileSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .max(MAX_NAME_CHARS, { error: `Name must be at most ${MAX_NAME_CHARS} characters` }),
  company_name: z
    .string({ error: "company_name must be text" })
    .trim()
    .max(MAX_COMPANY_CHARS, {
      error: `Company name must be at most ${MAX_COMPANY_CHARS} characters`,
    })
    .optional()
    .default(""),
  ready_to_contact: z.boolean({ error: "ready_to_contact must be true or false" }).default(false),
});
export type Profile = z.infer<typeof ProfileSchema>;
