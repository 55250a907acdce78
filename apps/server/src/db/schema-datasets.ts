/**
 * Kysely row type for the datasets users upload (their validated examples
 * stored as JSON). Split out of `schema.ts` (which re-exports it and maps the
 * table) to keep the schema readable by feature.
 */

export interface UserDatasetsTable {
  id: string;
  user_id: string;
  name: string;
  title: string;
  description: string;
  /** The user's task text given at upload; null for datasets stored before it existed. */
  task: string | null;
  metric: string;
  /** Validated examples (JSON array). */
  examples: string;
  size: number;
  created_at: string;
}
