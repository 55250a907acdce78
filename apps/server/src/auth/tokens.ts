import { createHash, randomBytes } from "node:crypto";

/** A fresh unguessable token (32 random bytes, base64url). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** SHA-256 of a token, hex: what the database stores instead of the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
