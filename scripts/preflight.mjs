// Runs first in `npm test`: checks this machine for what the tests need (the Node of .nvmrc, a
// Chromium to drive, on Linux a Secret Service to run the keychain tests on) and, for each missing
// part, prints one line with the command that installs it, then exits 1 before anything runs.
// Prints nothing when all is there. Runs on any Node, so it can say that this one is the wrong one.
import { preflightProblems } from './preflight-checks.mjs'
import { thisMachineForPreflight } from './preflight-machine.mjs'

const problems = preflightProblems(thisMachineForPreflight())
for (const line of problems) console.error(`preflight: ${line}`)
if (problems.length > 0) process.exit(1)
