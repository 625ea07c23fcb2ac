#!/usr/bin/env bash
# `npm run mutation`: StrykerJS over each scope in turn (stryker.config.mjs), at the lowest CPU
# priority, then the score per folder. Pass scope names to run only those: `npm run mutation -- core`.
# MUTATION_CHECKER=off runs without the TypeScript checker, twice as fast (stryker.config.mjs).
set -euo pipefail
scopes=("${@:-shared core renderer}")
read -r -a scopes <<<"${scopes[*]}"
for scope in "${scopes[@]}"; do
  MUTATION_SCOPE="$scope" nice -n 19 npx stryker run
  # Without Stryker's checker, the mutants TypeScript refuses are found afterwards (see
  # stryker.config.mjs), in the report and in the incremental file the next run starts from.
  if [[ "${MUTATION_CHECKER:-on}" == off ]]; then
    node scripts/mutation-type-check.mjs "reports/mutation/$scope.json" "reports/stryker-incremental-$scope.json"
  fi
done
node scripts/mutation-score.mjs reports/mutation/*.json
