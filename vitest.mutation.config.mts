import { defineConfig } from 'vitest/config'
import base from './vitest.config.mjs'

/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs), per scope (MUTATION_SCOPE):
 * the tests of that code, not the browser, Electron, stand-in or benchmark suites (they test the
 * built app, which a mutant of src/ does not reach, and cost minutes a run) nor the keychain
 * tests (they need the keyring wrapper). Stryker runs only the tests that cover each mutant.
 */
const UNIT = ['test/shared/**/*.test.ts', 'test/renderer/**/*.test.ts', 'test/export/**/*.test.ts']
const TESTS: Record<string, string[]> = {
  // The core's tests too: much of src/shared (settings, wire schemas, session alerts) is tested
  // through the core, and without them its mutants counted as surviving or not covered.
  shared: [
    ...UNIT,
    'test/core/**/*.test.ts',
    'test/cli/snapshot-table.test.ts',
    'test/cli/key-command.test.ts',
    'test/electron/tray-tooltip.test.ts',
  ],
  renderer: ['test/renderer/**/*.test.ts'],
  core: [
    ...UNIT,
    'test/core/**/*.test.ts',
    // Not chaos-short: it covers nearly every line of the core, so every surviving mutant would
    // cost its whole run (seconds each); the focused chaos tests stay.
    'test/chaos/retry-after.test.ts',
    'test/chaos/stale-timer.test.ts',
    'test/chaos/persistence-faults.test.ts',
    'test/cli/**/*.test.ts',
    'test/security/hostile-api.test.ts',
    'test/security/ipc-fuzz.test.ts',
  ],
}

// Not mergeConfig: it would append these lists to the base config's, which include everything.
export default defineConfig({
  test: {
    ...base.test,
    include: TESTS[process.env.MUTATION_SCOPE ?? 'shared'] ?? [],
    exclude: ['test/core/secrets/secret-store.keychain.test.ts'],
    maxWorkers: 1,
    // Instrumented code with per-test coverage runs several times slower: the history equivalence
    // test (one year of polls written and read three ways) passed its 60 s only uninstrumented.
    testTimeout: 300_000,
  },
})
