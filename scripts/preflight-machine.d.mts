// Types of preflight-machine.mjs.
import type { PreflightMachine } from './preflight-checks.mjs'

export declare function thisMachineForPreflight(): PreflightMachine
