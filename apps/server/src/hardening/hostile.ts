/**
 * fast-check arbitraries of hostile input for the fuzz tests: odd and huge
 * strings, wrong types, deep nesting, prototype-pollution keys, and
 * "almost valid" bodies (a valid body with one field replaced).
 */
import fc from "fast-check";

/** Strings chosen to break naive code: NUL, lone surrogates, markup, SQL, paths, long runs. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Eevil",
  "🙂".repeat(40),
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style payload, sent as literal text.
  "${jndi:ldap://127.0.0.1/x}",
  "{{constructor.constructor('return 1')()}}",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "1e309",
  "null",
  "@",
  "@@@@",
  "a".repeat(70),
];

/** encodeURIComponent that survives lone surrogates (replaced by U+FFFD, as a browser would). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  }
}

/** Keys that target prototypes or common fields. */
const KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

/** Any string: full-unicode (lone surrogates included), nasty constants, or one far beyond every limit. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc
    .tuple(
      fc.constantFrom("x", "é", "🙂", "\u0000", "<a>"),
      fc.integer({ min: 20_001, max: 130_000 }),
    )
    .map(([s, n]) => s.repeat(n)),
);

/** Any JSON-able value, hostile strings and prototype keys included, nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308, -1),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

/** A value of a type the field does not take (for a string field: numbers, objects, …). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  fc.array(fc.array(fc.array(fc.constant([])))),
);

/** JSON text of `base` with one top-level field replaced by a hostile value (or removed). */
export function mutated(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base).length ? Object.keys(base) : ["x"];
  return fc
    .tuple(fc.constantFrom(...keys), fc.oneof(hostileValue, wrongType, fc.constant(undefined)))
    .map(([key, value]) => JSON.stringify({ ...base, [key]: value }));
}

/** JSON text of `base` plus a prototype-pollution key (which JSON.stringify would otherwise hide). */
export function polluted(base: Record<string, unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom("__proto__", "constructor"), fc.boolean())
    .map(([key, nested]) => {
      const inner = key === "__proto__" ? '{"polluted":"yes"}' : '{"prototype":{"polluted":"yes"}}';
      const json = JSON.stringify(base);
      if (!nested) return `{"${key}":${inner},${json.slice(1)}`;
      const first = Object.keys(base)[0] ?? "x";
      return json.replace(`"${first}":`, `"${first}":{"${key}":${inner}},"${first}_":`);
    });
}

/** Any body text: raw junk, any JSON value, an almost-valid body, or a polluted one. */
export function hostileBody(base?: Record<string, unknown>): fc.Arbitrary<string> {
  const generic = [
    hostileValue.map((v) => JSON.stringify(v) ?? "null"),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.constantFrom("{", "[1,", '{"a":}', "nul", "'x'", "{}}", "\u0000", "1e99999"),
  ];
  if (!base) return fc.oneof(...generic);
  return fc.oneof(...generic, mutated(base), mutated(base), polluted(base));
}

/** A raw query string (without `?`): hostile keys and values, repeats, brackets, bad escapes. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "mode",
          "token",
          "code",
          "__proto__[x]",
          "constructor",
          "mode[]",
          "a[b][c]",
        ),
        fc.string({ maxLength: 10 }).map(encode),
      ),
      fc.oneof(
        hostileString.filter((s) => s.length < 5000).map(encode),
        fc.constantFrom("%", "%E0%A4%A", "%00", "%FF%FE", "single", "multi", "&&&", "=="),
      ),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

/** A path segment: anything, percent-encoded, plus raw bad escapes and traversal. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map(encode),
  fc.constantFrom("%", "%E0%A4%A", "%00", "..%2F..%2Fetc", "a%2Fb", "%C0%AE", "x".repeat(5000)),
);
