import fc from 'fast-check'

/**
 * Replaying a property test's failure. fast-check prints the seed of a failing run ("{ seed:
 * -1819918769, path: ... }"); the same seed draws the same cases, so the same failure comes back
 * and shrinks to the same counterexample:
 *
 *   FC_SEED=-1819918769 npx vitest run test/shared/decimal.property.test.ts -t 'name'
 *
 * Loaded before every test file (vitest.config.mts); without FC_SEED each run draws a new seed.
 */
const seed = process.env.FC_SEED
if (seed !== undefined && seed !== '') {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be an integer, as fast-check printed it: ${seed}`)
  fc.configureGlobal({ seed: Number(seed) })
}
