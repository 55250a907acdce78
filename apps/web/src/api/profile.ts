import { type Profile, ProfileSchema, type ProfileUpdate } from "@promptune/contracts";
import { api } from "./client";

/** GET /profile: the signed-in user's name, company and contact consent. */
export function fetchProfile(): Promise<Profile> {
  return api.get("/profile", { schema: ProfileSchema });
}

/** PUT /profile: saves the profile and returns what was stored. */
export function saveProfile(profile: ProfileUpdate): Promise<Profile> {
  return api.put("/profile", profile, { schema: ProfileSchema });
}
