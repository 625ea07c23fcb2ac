import { findChromium } from '../../scripts/find-chromium.mjs'
import { chromiumProblem } from '../../scripts/preflight-checks.mjs'
import { thisMachineForPreflight } from '../../scripts/preflight-machine.mjs'

let found: string | undefined

/**
 * The Chromium (or Chrome) to drive, where this machine has it (scripts/find-chromium.mjs: the
 * same finder as the preflight of `npm test`); without one, an error that says how to get one.
 */
export function chromiumExecutable(): string {
  if (found) return found
  const { path } = findChromium()
  if (!path) throw new Error(`No Chromium to drive: ${chromiumProblem(thisMachineForPreflight())}`)
  found = path
  return path
}

/** Started the way this closed network needs (no background connections). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
