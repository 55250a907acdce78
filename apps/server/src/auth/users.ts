import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database, UsersTable } from "../db/schema";

export type UserRow = UsersTable;

/** Normalises an e-mail for identity: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Finds a user by e-mail. */
export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
}

/** Finds a user by id. */
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Returns the user with this e-mail, creating it on first sign-in. A name is
 * only filled in when the stored one is empty, so a profile edit is never
 * overwritten by a later sign-in.
 */
export async function upsertUser(
  db: Kysely<Database>,
  input: { email: string; name?: string | undefined },
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (input.name && !existing.name) {
      const updatedAt = nowIso();
      await db
        .updateTable("users")
        .set({ name: input.name, updated_at: updatedAt })
        .where("id", "=", existing.id)
        .execute();
      return { ...existing, name: input.name, updated_at: updatedAt };
    }
    return existing;
  }
  const now = nowIso();
  const row: UserRow = {
    id: randomUUID(),
    email,
    name: input.name ?? "",
    company_name: "",
    ready_to_contact: 0,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto("users")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  // A concurrent first sign-in may have won the insert; read back the stored row.
  return (await findUserByEmail(db, email)) ?? row;
}
