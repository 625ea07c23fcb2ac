// Prints the mutation score per folder from StrykerJS's JSON reports (reports/mutation/<scope>.json):
// detected (killed or timed out) over valid mutants (detected, survived, no coverage), as Stryker
// counts it. Mutants that do not compile or were ignored are left out, as Stryker leaves them out.
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'

const REPORTS = process.argv.length > 2 ? process.argv.slice(2) : ['reports/mutation/shared.json']
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/** @type {Map<string, { detected: number, undetected: number }>} */
const folders = new Map()
const files = REPORTS.flatMap((report) => Object.entries(JSON.parse(readFileSync(report, 'utf8')).files))
for (const [file, { mutants }] of files) {
  const folder = dirname(file)
  const tally = folders.get(folder) ?? { detected: 0, undetected: 0 }
  for (const { status } of mutants) {
    if (DETECTED.has(status)) tally.detected++
    else if (UNDETECTED.has(status)) tally.undetected++
  }
  folders.set(folder, tally)
}

const rows = [...folders].sort(([a], [b]) => a.localeCompare(b))
const total = rows.reduce(
  (sum, [, t]) => ({ detected: sum.detected + t.detected, undetected: sum.undetected + t.undetected }),
  {
    detected: 0,
    undetected: 0,
  },
)
const score = ({ detected, undetected }) =>
  detected + undetected === 0
    ? '   n/a'
    : `${((100 * detected) / (detected + undetected)).toFixed(1).padStart(5)} %`
console.log('folder'.padEnd(24), 'score'.padStart(7), ' detected  undetected')
for (const [folder, tally] of [...rows, ['all', total]])
  console.log(
    folder.padEnd(24),
    score(tally),
    String(tally.detected).padStart(9),
    String(tally.undetected).padStart(11),
  )
