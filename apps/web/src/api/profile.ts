import type { Profile, ProfileUpdate, UsageReport } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const profileSchema = lazySchema((c) => c.ProfileSchema);
const usageSchema = lazySchema((c) => c.UsageReportSchema);

/** GET /profile: the signed-in user's name, company and contact consent. */
export function fetchProfile(): Promise<Profile> {
  return api.get("/profile", { schema: profileSchema });
}

/** PUT /profile: saves the profile and returns what was stored. */
export function saveProfile(profile: ProfileUpdate): Promise<Profile> {
  return api.put("/profile", profile, { schema: profileSchema });
}

/** GET /profile/usage: the signed-in user's model usage today and this month against their budget. */
export function fetchUsage(): Promise<UsageReport> {
  return api.get("/profile/usage", { schema: usageSchema });
}
