#!/usr/bin/env bash
# npm test — every test of the project, in order:
#   1. type-check (tsc; `astro check` as well when @astrojs/check is installed)
#   2. lint and format (ESLint with --max-warnings 0, Prettier's check)
#   3. unit tests (vitest), the structure check among them: dependency-cruiser over src/
#      (.dependency-cruiser.cjs, tests/unit/project/dependency-rules.test.ts, a few seconds)
#   4. end-to-end tests (Playwright in Chromium against freshly built sample dealers)
# Every stage runs even when an earlier one fails; the last line sums them up as
# "total: N passed, N failed" (the type-check and the lint each count as one test) and the exit code is 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  cat >&2 <<MSG
Chromium was not found at $chromium; the end-to-end tests need it.
Install it with:   sudo apt-get install chromium        (Debian/Ubuntu)
or point CHROMIUM_PATH at an installed Chrome or Chromium:
                   CHROMIUM_PATH=/path/to/chrome npm test
MSG
  echo "total: 0 passed, 1 failed"
  exit 1
fi

reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
heading() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

heading "Type-check"
typecheck=passed
npx tsc --noEmit -p . || typecheck=failed
if [ -d node_modules/@astrojs/check ]; then
  npx astro check || typecheck=failed
else
  echo "(astro check skipped: @astrojs/check is not installed)"
fi

heading "Lint and format"
lint=passed
npx eslint . --max-warnings 0 || lint=failed
npx prettier --check --log-level warn . || lint=failed
[ "$lint" = passed ] && echo "ESLint and Prettier: clean"

heading "Unit tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
vitest_exit=$?

heading "End-to-end tests (Playwright, $chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
playwright_exit=$?

heading "Summary"
TYPECHECK="$typecheck" LINT="$lint" VITEST_EXIT="$vitest_exit" PLAYWRIGHT_EXIT="$playwright_exit" REPORTS="$reports" node --input-type=module -e '
import { existsSync, readFileSync } from "node:fs";
const read = (name) => {
  const file = `${process.env.REPORTS}/${name}`;
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
};
// A stage that exits non-zero without failing a test (a crash, a failed setup) counts as one failure.
const stage = (label, passed, failed, exit) => {
  const f = failed || (exit !== 0 ? 1 : 0);
  console.log(`${label}: ${passed} passed, ${f} failed`);
  return [passed, f];
};
const v = read("vitest.json");
// Test files that failed without a failing test could not be loaded or run at all.
const unloadable = (v?.testResults ?? []).filter((f) => f.status === "failed" && !f.assertionResults?.some((a) => a.status === "failed")).length;
const p = read("playwright.json");
const rows = [
  stage("type-check", process.env.TYPECHECK === "passed" ? 1 : 0, process.env.TYPECHECK === "passed" ? 0 : 1, 0),
  stage("lint and format", process.env.LINT === "passed" ? 1 : 0, process.env.LINT === "passed" ? 0 : 1, 0),
  stage("unit (vitest)", v?.numPassedTests ?? 0, (v?.numFailedTests ?? 0) + unloadable, Number(process.env.VITEST_EXIT)),
  stage("e2e (playwright)", (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0), (p?.stats?.unexpected ?? 0) + (p?.errors?.length ?? 0), Number(process.env.PLAYWRIGHT_EXIT)),
];
// Name every failing test here too, so the last lines of a long log say what failed and where.
const firstLine = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim())?.trim().slice(0, 300) ?? "";
const failures = [];
for (const file of v?.testResults ?? []) {
  const where = file.name.replace(`${process.cwd()}/`, "");
  const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
  for (const a of failedTests) failures.push(`unit ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  if (file.status === "failed" && failedTests.length === 0) failures.push(`unit ${where}: ${firstLine(file.message)}`);
}
const walk = (suite, trail) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== "unexpected") continue;
      const error = t.results?.at(-1)?.error?.message;
      failures.push(`e2e ${spec.file}:${spec.line} > ${[...trail, spec.title].join(" > ")}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
};
for (const suite of p?.suites ?? []) walk(suite, []);
for (const e of p?.errors ?? []) failures.push(`e2e: ${firstLine(e.message)}`);
if (failures.length) console.log(["failed:", ...failures.map((f) => `  ${f}`)].join("\n"));
const passed = rows.reduce((n, r) => n + r[0], 0);
const failed = rows.reduce((n, r) => n + r[1], 0);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
'
