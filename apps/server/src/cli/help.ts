/** The text `promptune help` prints: commands, options and exit codes. */
export const HELP = `Usage:
  promptune optimize DATASET CONFIG [--iterations N] [--seed S] [--max-calls N]
                     [--output run.json] [--json] [--progress bar|lines|none]
  promptune eval DATASET CONFIG [--all] [--pass-score S] [--min-score S]
                 [--baseline FILE [--max-drop S]] [--junit FILE] [--output FILE] [--json]
  promptune datasets [--json]
  promptune datasets validate FILE.jsonl|FILE.csv [--metric M] [--json]
  promptune help

DATASET    --dataset NAME            a bundled dataset (see \`promptune datasets\`)
           --dataset-file FILE       a JSONL or CSV file, checked like an upload
             [--metric judge|exact|contains|regex]   how replies are scored (default judge)
CONFIG     --prompt TEXT | --prompt-file FILE [--model MODEL] [--temperature T]
           --agents FILE             a multi-agent configuration as JSON
                                     {"master-agent": {...}, "worker-agents": [...]}
                                     (every agent keeps its own model and temperature)

optimize   tunes the configuration and prints per-iteration validation scores, the
           held-out test comparison and the final configuration. --output writes the
           whole result as JSON; --json prints one JSON object per line instead.
eval       scores the configuration on the dataset's held-out split (the examples
           optimize never trains on) or, with --all, on every example, and lists the
           examples that fail (score below --pass-score, default 1).
             --min-score S     exit 1 when the mean score is below S
             --baseline FILE   an earlier \`eval --output\` report or \`optimize --output\`
             --max-drop S      exit 1 when the score is more than S below the baseline
                               (default 0); S is a share (0.05) or a percentage (5%)
             --junit FILE      write a JUnit XML report (one test case per example)
datasets   lists the bundled datasets; \`datasets validate\` checks a file without
           calling any model.

Progress goes to stderr: a bar (iteration or examples, calls, tokens, cost) on a
terminal, plain lines otherwise; --progress forces one or the other (or none).

Exit codes:
  0  success
  1  a threshold or regression check failed (--min-score, --max-drop)
  2  usage error: bad option, unknown dataset, unreadable or invalid file
  3  the model provider failed (unreachable, refused, timed out, unknown model)
  4  unexpected internal error
  130 cancelled with Ctrl-C

Models come from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, LLM_MODELS, …;
see docs/llm.md). Defaults: --iterations 4, --temperature 0.7, --seed 1,
--model the configured default model. CI usage: docs/ci.md.`;
