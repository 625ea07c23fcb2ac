#!/usr/bin/env bash
# `npm run mutation`: StrykerJS over each scope in turn (stryker.config.mjs), at the lowest CPU
# priority, then the score per folder. Pass scope names to run only those: `npm run mutation -- core`.
set -euo pipefail
scopes=("${@:-shared core renderer}")
read -r -a scopes <<<"${scopes[*]}"
for scope in "${scopes[@]}"; do
  MUTATION_SCOPE="$scope" nice -n 19 npx stryker run
done
node scripts/mutation-score.mjs reports/mutation/*.json
