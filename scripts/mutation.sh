#!/usr/bin/env bash
# `npm run mutation`: StrykerJS over each scope in turn (stryker.config.mjs), at the lowest CPU
# priority, then the score per folder. Pass scope names to run only those: `npm run mutation -- core`;
# a room of the core alone, against the tests that import it: `npm run mutation -- core/holdings`.
# MUTATION_CHECKER=off runs without the TypeScript checker, twice as fast (stryker.config.mjs).
set -euo pipefail
scopes=("${@:-shared core renderer}")
read -r -a scopes <<<"${scopes[*]}"
reports=()
for scope in "${scopes[@]}"; do
  room=""
  if [[ "$scope" == core/* ]]; then room="${scope#core/}"; fi
  run="${scope//\//-}"
  # MUTATION_CONCURRENCY=2: two test runners, on a machine of one's own (one by default).
  MUTATION_SCOPE="${scope%%/*}" MUTATION_ROOM="$room" nice -n 19 npx stryker run \
    --concurrency "${MUTATION_CONCURRENCY:-1}"
  # Without Stryker's checker, the mutants TypeScript refuses are found afterwards (see
  # stryker.config.mjs), in the report and in the incremental file the next run starts from.
  if [[ "${MUTATION_CHECKER:-on}" == off ]]; then
    node scripts/mutation-type-check.mjs "reports/mutation/$run.json" "reports/stryker-incremental-$run.json"
  fi
  reports+=("reports/mutation/$run.json")
done
node scripts/mutation-score.mjs "${reports[@]}"
