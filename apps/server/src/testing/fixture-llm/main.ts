/**
 * CLI entry of the fixture LLM for e2e and bench, which start it as a child
 * process: listens on FIXTURE_LLM_PORT (default 0 = random), optional
 * FIXTURE_LLM_LATENCY_MS, and prints `FIXTURE_LLM_URL=<url>` once ready.
 */
import { startFixtureLlm } from "./index";

const port = Number(process.env.FIXTURE_LLM_PORT ?? 0);
const latencyMs = Number(process.env.FIXTURE_LLM_LATENCY_MS ?? 0);
const fixture = await startFixtureLlm({ port, latencyMs });
process.stdout.write(`FIXTURE_LLM_URL=${fixture.url}\n`);

const stop = () => {
  void fixture.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
