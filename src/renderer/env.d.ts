/// <reference types="vite/client" />
import type { TokenwatchApi } from '../shared/ipc-contract'

declare global {
  interface Window {
    /** The preload's bridge to main (src/preload); in the E2E tests, a harness built on a real AppCore. */
    readonly tokenwatch: TokenwatchApi
  }
}
