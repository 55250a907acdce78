import { runRuleSingle } from "./quality/rule-runners";
import { RULE_WORLDS, RuleWorld, GENERIC_HARMFUL, FILLER } from "./quality/rule-world";
import { startWorldServer } from "./quality/server";
import { share } from "./quality/runners";
const name = process.argv[2] ?? "rubric";
const first = Number(process.argv[3] ?? 1), n = Number(process.argv[4] ?? 30);
const spec = RULE_WORLDS.find((w) => w.name === name)!;
const server = await startWorldServer();
const agg = { right: 0, vague: 0, wrong: 0, none: 0, harmful: 0, filler: 0, t: 0, rareNone: 0 };
for (let s = first; s < first + n; s++) {
  const o = await runRuleSingle(server, spec, s, 10, 350);
  const w = new RuleWorld(spec, s);
  const t = o.prompt!.toLowerCase();
  const states = spec.kinds.map((kind, k) => {
    if (t.includes(w.rightRule(k).toLowerCase())) return "R";
    if (t.includes(w.vagueRule(k).toLowerCase())) return "v";
    if (t.includes(`for ${kind} cases,`)) return "X";
    return w.weights[k] === 0.25 ? "_r" : "_";
  });
  const harmful = GENERIC_HARMFUL.filter((r) => t.includes(r.toLowerCase())).length;
  const filler = FILLER.filter((r) => t.includes(r.toLowerCase())).length;
  for (const st of states) { if (st === "R") agg.right++; else if (st === "v") agg.vague++; else if (st === "X") agg.wrong++; else { agg.none++; if (st === "_r") agg.rareNone++; } }
  agg.harmful += harmful; agg.filler += filler; agg.t += o.temperature!;
  const bestT = w.spec.temperature(o.temperature!);
  console.log(`seed ${s} share ${share(o).toFixed(2)} T ${o.temperature!.toFixed(2)} (f ${bestT.toFixed(3)}) ${states.join(" ")} harm ${harmful} filler ${filler} val ${o.presentedValidation.toFixed(2)} final ${o.final.toFixed(3)} best ${o.best.toFixed(3)} init ${o.initial.toFixed(3)}`);
}
console.log(JSON.stringify(agg));
await server.close();
