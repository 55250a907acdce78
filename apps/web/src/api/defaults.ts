/** GET /auto-tune/defaults: the starting configuration (spec §3 "Defaults response"). */
import { type DefaultsResponse, DefaultsResponseSchema } from "@promptune/contracts";
import { api } from "./client";

/** Fetches and validates the defaults. */
export function fetchDefaults(signal?: AbortSignal): Promise<DefaultsResponse> {
  return api.get("/auto-tune/defaults", {
    schema: DefaultsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
