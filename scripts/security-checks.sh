#!/usr/bin/env bash
# Electron hardening and dependency checks (issue 6), for .ci/run after `npm run build`:
#
# 1. electronegativity over the sources, the build (out/) and package.json. Fails on any high or
#    medium finding, and on any low one that is not accepted, with its reason, in
#    test/security/electronegativity-accepted.md (a table: | CHECK_ID | path | reason |).
# 2. npm audit of the shipped dependencies (--omit=dev). Fails on a high or critical advisory.
#    Where the registry does not answer the audit endpoint (some mirrors and proxies do not), it
#    says so and why, and does not fail: the audit is then CI's to run where the registry answers.
#
# Prints a table of each. Exit status: 0 all clear, 1 a finding, 2 the checker is missing.
#   bash scripts/security-checks.sh
# ELECTRONEGATIVITY_BIN may point to another install of the checker (default: node_modules/.bin).
set -euo pipefail
cd "$(dirname "$0")/.."

accepted=test/security/electronegativity-accepted.md
checker="${ELECTRONEGATIVITY_BIN:-node_modules/.bin/electronegativity}"
status=0

if [[ ! -x "$checker" ]]; then
  echo "security: electronegativity is not installed: npm install --save-dev @doyensec/electronegativity" >&2
  exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/tokenwatch-security.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# One folder to scan, so every finding is named by its path in the project (src/..., out/...).
mkdir -p "$work/project"
cp -R src package.json "$work/project/"
if [[ -d out/main ]]; then
  cp -R out "$work/project/out"
else
  echo "security: no build in out/ (run npm run build first): scanning the sources only" >&2
fi
# The Electron the app ships with; the checker's own guess would be a version from 2015.
electron_version="$(node -p "require('electron/package.json').version")"

echo "security: electronegativity over src/, out/ and package.json (Electron $electron_version)"
# Without -o it prints its table; its CSV writer loses rows (an unawaited header write) and its
# SARIF has no severities, so the table is what is read. Its check for newer Electron releases
# fetches them over the network, and where that is closed its HTTP client's retry throws an
# uncaught error on Node 24 that ends the scan: scripts/offline-got.cjs makes that fetch refuse at
# once, so the checker says "No connectivity?" and goes on. That one check is about upgrades, not
# this code.
if ! NODE_OPTIONS="--require $PWD/scripts/offline-got.cjs" "$checker" -i "$work/project" -r -v false -e "$electron_version" \
  >"$work/report.txt" 2>&1; then
  cat "$work/report.txt" >&2
  echo "security: electronegativity did not run to the end" >&2
  exit 1
fi

node - "$work/report.txt" "$accepted" <<'NODE' || status=1
const fs = require('node:fs')
const [reportPath, acceptedPath] = process.argv.slice(2)

// The report's table: a row "│ CHECK_ID │ file │ line:col │ link", then "│ SEVERITY | CONFIDENCE │ ...".
const text = fs.readFileSync(reportPath, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
if (!text.includes('Check ID')) {
  process.stdout.write(text)
  console.error('security: the electronegativity report has no table of findings; cannot tell what it found')
  process.exit(1)
}
const findings = []
for (const line of text.split('\n')) {
  if (!line.includes('│')) continue
  const [first = '', file = '', location = ''] = line.split('│').slice(1, -1).map((cell) => cell.trim())
  if (/^[A-Z0-9_]+_CHECK$/.test(first)) findings.push({ check: first, file, location, severity: 'UNKNOWN' })
  else if (findings.length > 0 && /^(HIGH|MEDIUM|LOW|INFORMATIONAL) \|/.test(first))
    findings[findings.length - 1].severity = first.split(' ')[0]
}

// Accepted low findings: "| CHECK_ID | path | reason |" rows of the Markdown table.
const reasons = new Map()
for (const line of fs.readFileSync(acceptedPath, 'utf8').split('\n')) {
  const cells = line.split('|').slice(1, -1).map((cell) => cell.trim())
  if (cells.length >= 3 && /^[A-Z0-9_]+_CHECK$/.test(cells[0])) reasons.set(`${cells[0]} ${cells[1]}`, cells[2])
}

const rows = findings.map((f) => {
  const reason = reasons.get(`${f.check} ${f.file}`)
  const low = f.severity === 'LOW' || f.severity === 'INFORMATIONAL'
  const verdict = !low ? 'FAIL (high or medium)' : reason ? `accepted: ${reason}` : `FAIL (not in ${acceptedPath})`
  return [f.check, f.severity, f.file, f.location, verdict]
})
const header = ['check', 'severity', 'file', 'location', 'verdict']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => Math.min(r[i].length, i === 4 ? 200 : 60))))
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()
console.log('Electronegativity findings')
console.log(line(header))
console.log(widths.map((w) => '-'.repeat(w)).join('  '))
rows.forEach((r) => console.log(line(r)))
const count = (severity) => findings.filter((f) => f.severity === severity).length
const failed = rows.filter((r) => r[4].startsWith('FAIL')).length
console.log(
  `\nhigh ${count('HIGH')}, medium ${count('MEDIUM')}, low ${count('LOW')}, informational ${count('INFORMATIONAL')}; ` +
    `accepted ${rows.length - failed}, failing ${failed}`,
)
process.exit(failed === 0 ? 0 : 1)
NODE

echo
echo "security: npm audit --omit=dev --audit-level=high"
audit_exit=0
npm audit --omit=dev --audit-level=high --json >"$work/audit.json" 2>"$work/audit.err" || audit_exit=$?
node - "$work/audit.json" "$audit_exit" <<'NODE' || status=1
const fs = require('node:fs')
const [jsonPath, exitCode] = process.argv.slice(2)
let audit
try {
  audit = JSON.parse(fs.readFileSync(jsonPath, 'utf8'))
} catch {
  audit = null
}
const counts = audit?.metadata?.vulnerabilities
if (!counts) {
  // No report: the registry refused or did not answer the audit endpoint. Not a finding.
  const why = audit?.message ?? audit?.error?.summary ?? `npm audit exited ${exitCode} without a report`
  // npm's own message names the registry's address; the log says what happened without it.
  console.log(`npm audit: SKIPPED, no audit report (${String(why).replace(/\s*-?\s*\w+ https?:\/\/\S+/g, '')}).`)
  console.log('Some registry mirrors and proxies refuse the audit endpoint; the public npm registry answers it.')
  process.exit(0)
}
const levels = ['critical', 'high', 'moderate', 'low', 'info']
console.log('npm audit (shipped dependencies)')
console.log('severity  advisories')
console.log('--------  ----------')
for (const level of levels) console.log(`${level.padEnd(8)}  ${String(counts[level] ?? 0).padStart(10)}`)
const serious = (counts.critical ?? 0) + (counts.high ?? 0)
console.log(serious === 0 ? 'npm audit: no high or critical advisory' : `npm audit: FAIL, ${serious} high or critical`)
process.exit(serious === 0 ? 0 : 1)
NODE

echo
if [[ $status -eq 0 ]]; then echo "security: all checks passed"; else echo "security: FAILED (see above)"; fi
exit $status
