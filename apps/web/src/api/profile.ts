import type { Profile, ProfileUpdate } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const profileSchema = lazySchema((c) => c.ProfileSchema);

/** GET /profile: the signed-in user's name, company and contact consent. */
export function fetchProfile(): Promise<Profile> {
  return api.get("/profile", { schema: profileSchema });
}

/** PUT /profile: saves the profile and returns what was stored. */
export function saveProfile(profile: ProfileUpdate): Promise<Profile> {
  return api.put("/profile", profile, { schema: profileSchema });
}
