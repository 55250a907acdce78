/**
 * The texts `promptune help` and `promptune COMMAND --help` print: the
 * overview (commands, exit codes) and one page per command.
 */
import { MAX_DATASET_CHARS, MAX_DATASET_ROWS, MIN_DATASET_ROWS } from "@promptune/contracts";

const DATASET = `DATASET    --dataset NAME            a bundled dataset (see \`promptune datasets\`)
           --dataset-file FILE       a JSONL or CSV file (UTF-8), checked like an upload:
                                     ${MIN_DATASET_ROWS} to ${MAX_DATASET_ROWS.toLocaleString("en-US")} examples, at most ${MAX_DATASET_CHARS.toLocaleString("en-US")} characters
             [--metric judge|exact|contains|regex]   how replies are scored (default judge)`;

const CONFIG = `CONFIG     --prompt TEXT | --prompt-file FILE [--model MODEL] [--temperature T]
           --agents FILE             a multi-agent configuration as JSON
                                     {"master-agent": {...}, "worker-agents": [...]}
           -c, --config FILE         promptune.config.yaml: dataset, prompts × models ×
                                     temperatures, metric or assertions, thresholds`;

const RUNNING = `           --concurrency N           at most N model calls in flight
           --no-cache | --cache-dir DIR   the response cache (default .promptune-cache)
           --output FILE             eval: .json .csv .md or .html; optimize: JSON
           --json                    results as JSON on stdout
           --progress bar|lines|none progress on stderr`;

const EXITS = `Exit codes:
  0  success
  1  a gate failed (--min-score, --pass-score, --max-drop, a config threshold)
  2  usage error: bad option, unknown dataset, unreadable or invalid file
  3  the model provider failed (unreachable, refused, timed out, unknown model)
  4  unexpected internal error
  130 cancelled with Ctrl-C (partial --output / --junit written)`;

const ENV = `Models come from the environment or a .env file in the working folder
(OPENAI_BASE_URL, OPENAI_API_KEY, LLM_MODELS, …; see docs/llm.md).`;

/** `promptune eval --help`. */
export const EVAL_HELP = `Usage: promptune eval DATASET CONFIG [options]

Scores the configuration on the dataset's held-out split (the examples optimize
never trains on; keyed by the example ids) or, with --all, on every example,
and lists the examples below the pass mark. With -c, scores every prompt ×
model × temperature of the file and prints a comparison table.

${DATASET}
${CONFIG}

Options:   --all                     score every example
           --temperature T           default 0 for evals (repeatable scores)
           --pass-score S            every example must score ≥ S (exit 1 otherwise)
           --min-score S             exit 1 when the mean score is below S
           --gate-on mean|lower      compare --min-score with the mean (default) or
                                     the lower bound of its 95 % interval
           --repeat K                ask K times per example (1–20), mean of the scores
           --baseline FILE           an earlier eval --output or optimize --output
           --max-drop S              exit 1 when more than S below the baseline (default 0)
           --junit FILE              JUnit XML: failures exactly when the exit code is 1
           --server URL              score on a Promptune server (POST /api/evals) with
                                     the API token in PROMPTUNE_TOKEN (run scope); needs --model
${RUNNING}
S is a share (0.8) or a percentage (80%).

${EXITS}

${ENV}`;

/** `promptune optimize --help`. */
export const OPTIMIZE_HELP = `Usage: promptune optimize DATASET CONFIG [options]

Tunes the configuration (reflective prompt search), prints per-iteration
validation scores, the held-out comparison with its 95 % interval and the
final configuration. With -c, optimises every prompt × model of the file.

${DATASET}
${CONFIG}

Options:   -n, --iterations N        default 4
           --seed S                  default 1
           --temperature T           seed temperature, default 0.7 (may be tuned)
           --max-calls N             cap on model calls (default: the run's estimate)
           --models A,B,C            also try the tuned configuration on up to 4 more models
                                     (multi-agent: for the coordinator and the workers) and
                                     print the cost-quality frontier; the cheapest one as good
                                     as the best within its 95 % interval is presented
           --max-cost USD            stop the run before its measured cost passes USD
           --task TEXT               what the assistant is for; the optimiser's reflection
                                     and judge read it with the dataset's title and description
           --server URL              run on a Promptune server with the API token in
                                     PROMPTUNE_TOKEN (run scope); the run appears in the
                                     web history; needs --model
${RUNNING}

${EXITS}

${ENV}`;

/** `promptune datasets --help`. */
export const DATASETS_HELP = `Usage: promptune datasets [--json]
       promptune datasets validate FILE.jsonl|FILE.csv [--metric M] [--json]
       promptune datasets pull feedback|feedback-chat|feedback-telegram [-o FILE] --server URL

Lists the bundled datasets, or checks a dataset file without calling any model:
every problem is reported with its line and the command exits 2.
Files must be UTF-8 (UTF-16 and Latin-1 are refused), hold ${MIN_DATASET_ROWS} to
${MAX_DATASET_ROWS.toLocaleString("en-US")} examples and at most ${MAX_DATASET_CHARS.toLocaleString("en-US")} characters.
\`pull\` downloads your Feedback datasets (built from 👍/👎 ratings; \`feedback\` is both)
as JSONL from a Promptune server, with the API token in PROMPTUNE_TOKEN.`;

/** `promptune deploy --help` and `promptune rollback --help`. */
export const DEPLOY_HELP = `Usage: promptune deploy RUN_ID [--iteration N | --frontier-point K] [--override] [--json] --server URL
       promptune rollback VERSION_ID [--json] --server URL

deploy makes a finished single-agent run's configuration (default: the one it
presented, or the cost-quality point chosen for it in the web app; --iteration N another, --frontier-point K the K-th row of its
cost-quality table) the version the Telegram after-bot serves.
The gate refuses (exit 1, with the reason) when the run's held-out comparison
has a 95 % lower bound below 0 or no held-out measurement; --override deploys
anyway and is recorded on the version. rollback serves an earlier version again.
Both need PROMPTUNE_TOKEN with the deploy scope; --server may be PROMPTUNE_SERVER.`;

/** The overview `promptune help` prints. */
export const HELP = `Usage:
  promptune eval DATASET CONFIG [options]        score a prompt; gates for CI
  promptune optimize DATASET CONFIG [options]    tune a prompt
  promptune datasets [validate FILE]             list bundled datasets / check a file
  promptune datasets pull feedback --server URL  download your Feedback datasets (JSONL)
  promptune deploy RUN_ID --server URL           deploy a run to the after-bot (gated)
  promptune rollback VERSION_ID --server URL     serve an earlier deployed version again
  promptune help | --help | COMMAND --help
  promptune --version

${DATASET}
${CONFIG}

Run \`promptune eval --help\` or \`promptune optimize --help\` for their options.

${EXITS}

${ENV} CI usage: docs/ci.md.`;

/** The help text of `topic` (a command name), or the overview. */
export function helpText(topic?: string): string {
  if (topic === "eval") return EVAL_HELP;
  if (topic === "optimize") return OPTIMIZE_HELP;
  if (topic === "datasets") return DATASETS_HELP;
  if (topic === "deploy" || topic === "rollback") return DEPLOY_HELP;
  return HELP;
}
