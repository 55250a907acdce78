/**
 * A deterministic local text vectoriser for providers without embeddings:
 * hashed word unigrams, word bigrams and character trigrams with log term
 * frequencies and signed hashing, L2-normalised. Texts that share wording get
 * nearby vectors; the same text always gets the same vector.
 */
import { fnv1a } from "../util/hash";

/** Dimension of local vectors. */
export const LOCAL_EMBEDDING_DIM = 256;

function features(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    out.push(`w:${words[i]}`);
    if (i + 1 < words.length) out.push(`b:${words[i]} ${words[i + 1]}`);
  }
  const flat = ` ${words.join(" ")} `;
  for (let i = 0; i + 3 <= flat.length; i++) out.push(`c:${flat.slice(i, i + 3)}`);
  return out;
}

/** Embeds `text` into a unit vector of `dim` dimensions (zero text → zero vector). */
export function localEmbed(text: string, dim = LOCAL_EMBEDDING_DIM): number[] {
  const counts = new Map<string, number>();
  for (const f of features(text)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const v = new Array<number>(dim).fill(0);
  for (const [f, tf] of counts) {
    const h = fnv1a(f);
    const weight = (1 + Math.log(tf)) * (f.startsWith("c:") ? 0.5 : 1);
    v[h % dim] = (v[h % dim] ?? 0) + ((h >>> 31) & 1 ? -weight : weight);
  }
  return normalize(v);
}

/** Scales `v` to unit length (a zero vector stays zero). */
export function normalize(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm > 0 ? v.map((x) => x / norm) : v.slice();
}
