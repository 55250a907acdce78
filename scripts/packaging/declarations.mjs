// Makes emitted `.d.ts` files resolvable under `moduleResolution: NodeNext`:
// relative specifiers get their `.js` (or `/index.js`) ending and workspace
// package names are rewritten to the declarations bundled next to them.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Every file under `dir` whose name ends in `.d.ts`. */
function declarationFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The NodeNext specifier for `target` (a path without extension) seen from `fromFile`. */
function nodeNextSpecifier(fromFile, target) {
  const file = existsSync(`${target}.d.ts`) ? `${target}.js` : join(target, "index.js");
  if (!existsSync(file.replace(/\.js$/, ".d.ts")))
    throw new Error(`${fromFile}: cannot resolve declaration ${target}`);
  const rel = relative(dirname(fromFile), file).split("\\").join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/**
 * Rewrites the specifiers of every declaration under `root`. `aliases` maps a
 * package name (e.g. "@promptune/contracts") to the folder (without
 * extension) holding its declarations inside `root`.
 */
export function fixDeclarations(root, aliases = {}) {
  const pattern = /(from\s+|import\(\s*|import\s+)(["'])([^"']+)\2/g;
  for (const file of declarationFiles(root)) {
    const text = readFileSync(file, "utf8");
    const fixed = text.replace(pattern, (whole, lead, quote, spec) => {
      let target;
      if (spec in aliases) target = resolve(root, aliases[spec]);
      else if (spec.startsWith(".") && !/\.(js|json)$/.test(spec))
        target = resolve(dirname(file), spec);
      else return whole;
      return `${lead}${quote}${nodeNextSpecifier(file, target)}${quote}`;
    });
    if (fixed !== text) writeFileSync(file, fixed);
  }
}
