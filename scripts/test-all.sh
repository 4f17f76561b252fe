#!/usr/bin/env bash
# The one test command (`npm test`): every check the project has, in order, failing fast.
#
#   lint -> typecheck -> unit -> api (PGlite) -> api (PostgreSQL) -> build -> e2e (Playwright) -> bench (short)
#
# Each stage prints a banner, the run ends with a summary line per stage and a last plain line
# "N passed, N failed" counting stages. Nothing is skipped silently: a stage that cannot run (no PostgreSQL,
# no Chromium) fails with the reason and the fix.
#
# Options (for local iteration; CI always runs everything):
#   --only <stage>[,<stage>...]   run just these stages, e.g. --only unit,api-pglite
#   --list                        print the stage names and exit
#
# Environment:
#   TEST_DATABASE_URL   PostgreSQL for the second API run (default postgres://postgres@127.0.0.1:5432/test), and the
#                       server on which the short bench creates its own database (unless BENCH_DATABASE_URL is set)
#   CI=true             an unreachable PostgreSQL is reported as a CI failure
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The same tool versions whether this runs through `npm test` or directly with bash.
export PATH="$PWD/node_modules/.bin:$PATH"

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# Plain text in logs (CI, pipes); colours stay on in a terminal.
if [ ! -t 1 ] && [ -z "${FORCE_COLOR:-}" ]; then export NO_COLOR=1; fi
# The public API key compiled into the web build the journeys run against (the e2e server runs with NODE_ENV=production,
# which refuses the development key). Must match E2E_API_KEY in e2e/support/env.ts.
export E2E_API_KEY="${E2E_API_KEY:-e2e-web-public-key}"

STAGE_NAMES=(lint typecheck unit api-pglite api-postgres build e2e bench)

declare -A STAGE_TITLES=(
  [lint]='lint (biome check)'
  [typecheck]='typecheck (tsc: shared, api, web, e2e, bench)'
  [unit]='unit tests (vitest --project unit)'
  [api-pglite]='API suite on PGlite (vitest --project api, TEST_DB=pglite)'
  [api-postgres]='API suite on PostgreSQL (vitest --project api, TEST_DB=postgres)'
  [build]='build (web + api bundle)'
  [e2e]='Playwright journeys (Chromium)'
  [bench]='bench, short mode (budgets + smoke of the speed measurements)'
)

stage_lint() { npm run --silent lint; }

stage_typecheck() { npm run --silent typecheck; }

stage_unit() { vitest run --project unit; }

stage_api_pglite() { TEST_DB=pglite vitest run --project api; }

stage_api_postgres() {
  if ! node scripts/check-postgres.mjs "$TEST_DATABASE_URL"; then
    if [ "${CI:-}" = "true" ]; then
      echo "PostgreSQL is unreachable and CI=true: the API suite must run on PostgreSQL in CI." >&2
      echo "(.ci/run starts the local cluster; check its output above.)" >&2
    else
      echo "PostgreSQL is unreachable, so the API suite cannot run on it. This stage fails rather than skip." >&2
      echo "Point TEST_DATABASE_URL at a server where the user may create databases, for example:" >&2
      echo "  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test" >&2
      echo "or start the local cluster (Debian): pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start" >&2
    fi
    return 1
  fi
  TEST_DB=postgres vitest run --project api
}

stage_build() { VITE_API_KEY="$E2E_API_KEY" npm run --silent build; }

stage_e2e() {
  bash scripts/ensure-chromium.sh || return 1
  # The build stage has just produced the bundle the journeys run against.
  playwright test
}

# On PostgreSQL as well as PGlite: there the booking rows alternate API and raw SQL slices, a path PGlite does not take,
# and the oversell check runs on the configuration of several instances.
stage_bench() {
  BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-$TEST_DATABASE_URL}" npm run --silent bench -- --short --no-build
}

selected=("${STAGE_NAMES[@]}")
while [ $# -gt 0 ]; do
  case "$1" in
    --list)
      printf '%s\n' "${STAGE_NAMES[@]}"
      exit 0
      ;;
    --only)
      [ $# -ge 2 ] || { echo "--only needs a comma-separated list of stages (see --list)" >&2; exit 2; }
      IFS=',' read -r -a selected <<<"$2"
      for name in "${selected[@]}"; do
        [ -n "${STAGE_TITLES[$name]:-}" ] || { echo "unknown stage '$name' (see --list)" >&2; exit 2; }
      done
      shift 2
      ;;
    *)
      echo "unknown option '$1' (options: --only <stages>, --list)" >&2
      exit 2
      ;;
  esac
done

declare -A RESULT=()
declare -A DURATION=()
passed=0
failed=0
total_start=$(date +%s)

for name in "${selected[@]}"; do
  echo
  echo "================================================================================"
  echo "== ${name}: ${STAGE_TITLES[$name]}"
  echo "================================================================================"
  start=$(date +%s)
  "stage_${name//-/_}"
  status=$?
  DURATION[$name]=$(($(date +%s) - start))
  if [ "$status" -eq 0 ]; then
    RESULT[$name]=passed
    passed=$((passed + 1))
    echo "== ${name}: passed in ${DURATION[$name]}s"
  else
    RESULT[$name]=failed
    failed=$((failed + 1))
    echo "== ${name}: FAILED (exit ${status}) after ${DURATION[$name]}s; later stages are not run" >&2
    break
  fi
done

echo
echo "================================================================================"
echo "== summary ($(($(date +%s) - total_start))s)"
echo "================================================================================"
for name in "${selected[@]}"; do
  case "${RESULT[$name]:-}" in
    passed) printf '  %-13s passed  %5ss  %s\n' "$name" "${DURATION[$name]}" "${STAGE_TITLES[$name]}" ;;
    failed) printf '  %-13s FAILED  %5ss  %s\n' "$name" "${DURATION[$name]}" "${STAGE_TITLES[$name]}" ;;
    *) printf '  %-13s not run        %s (an earlier stage failed)\n' "$name" "${STAGE_TITLES[$name]}" ;;
  esac
done
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
