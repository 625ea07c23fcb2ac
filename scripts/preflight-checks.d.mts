// Types of preflight-checks.mjs, for the tests that fake a machine.
import type { ChromiumMachine } from './find-chromium.mjs'

/** What the preflight reads of a machine. */
export interface PreflightMachine extends ChromiumMachine {
  /** process.version */
  nodeVersion: string
  /** The major in .nvmrc. */
  wantedNodeMajor: string
  /** The text of /etc/os-release, where there is one. */
  osRelease: string | null
  isRoot: boolean
  /** Whether a program of that name is on PATH. */
  hasCommand(command: string): boolean
  /** Why keytar's native module does not load (Linux only), or null. */
  keytarLoadError: string | null
}

export declare function preflightProblems(machine: PreflightMachine): string[]
export declare function chromiumProblem(machine: PreflightMachine): string | null
