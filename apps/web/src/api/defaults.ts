/** GET /auto-tune/defaults: the starting configuration (spec §3 "Defaults response"). */
import type { DefaultsResponse } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const defaultsResponse = lazySchema((c) => c.DefaultsResponseSchema);

/** Fetches and validates the defaults. */
export function fetchDefaults(signal?: AbortSignal): Promise<DefaultsResponse> {
  return api.get("/auto-tune/defaults", {
    schema: defaultsResponse,
    ...(signal ? { signal } : {}),
  });
}
