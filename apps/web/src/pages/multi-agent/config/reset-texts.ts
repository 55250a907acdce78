/** Texts of the reset flow (spec §5, §8). */
export const RESET_TEXTS = {
  confirm:
    "Are you sure you want to reset all settings to defaults? This will overwrite your current configuration.",
  failed: "Failed to reset settings. Please try again.",
} as const;
