// @ts-check
import { existsSync, globSync, readFileSync } from 'node:fs'
/**
 * Mutation testing (`npm run mutation`, not part of `npm test`: it takes long). StrykerJS plants
 * small bugs (mutants) in src/shared, src/main/core and the renderer's pure modules and runs the
 * tests that cover each; a mutant no test notices is a gap in the tests, or an equivalent change
 * (docs/mutation.md lists those, with reasons). Incremental: the results of the last run are
 * kept per scope in reports/stryker-incremental-<scope>.json (committed), so a rerun tests only
 * mutants in code or tests that changed. One scope a run, named by MUTATION_SCOPE (scripts/
 * mutation.sh runs them in turn): a run's incremental file and report hold its own folder only.
 */
const SCOPES = {
  shared: ['src/shared/**/*.ts'],
  core: ['src/main/core/**/*.ts'],
  renderer: ['src/renderer/format.ts', 'src/renderer/staleness.ts'],
}
const scope = process.env.MUTATION_SCOPE ?? 'shared'
if (!(scope in SCOPES)) throw new Error(`MUTATION_SCOPE must be one of ${Object.keys(SCOPES).join(', ')}`)
/**
 * MUTATION_ROOM=<room> (with the core scope): one room of src/main/core, against only the tests
 * that import one of its modules by path. The whole core's tests take hours a run on two shared
 * cores, and Stryker's `vitest.related` would pick nearly all of them (AppCore imports every room).
 * A room has its own incremental file, report and sandbox, so rooms can be run one by one.
 */
const room = process.env.MUTATION_ROOM || undefined
if (room !== undefined && (scope !== 'core' || !existsSync(`src/main/core/${room}`)))
  throw new Error('MUTATION_ROOM must name a folder of src/main/core, with MUTATION_SCOPE=core')
const run = room === undefined ? scope : `core-${room}`
/**
 * The commands a room defines (`name: async (...) =>` in its *commands*.ts), which most tests reach
 * through AppCore rather than by importing the room: without those tests a room's command modules
 * counted as not covered (the lists room's first run, 29 November: 55 of its 60).
 */
const roomCommands = (/** @type {string} */ name) =>
  globSync(`src/main/core/${name}/**/*commands*.ts`).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\s+(\w+): async\b/gm)].map((match) => match[1]),
  )
/**
 * The room's own test folder (test/core/<room>/: some of its files reach the room only through a
 * fixture, as api's record-dates and malformed-answer tests do), and the test files that import
 * the room's modules or name one of its commands in quotes or as a call; of those, vitest runs the
 * core scope's own.
 */
const roomTests = (/** @type {string} */ name) => {
  const commands = roomCommands(name)
  return globSync('test/**/*.test.ts').filter((file) => {
    const text = readFileSync(file, 'utf8')
    return (
      file.startsWith(`test/core/${name}/`) ||
      text.includes(`core/${name}/`) ||
      commands.some((command) => text.includes(`'${command}'`) || text.includes(`.${command}(`))
    )
  })
}
/**
 * MUTATION_CHECKER=off: no TypeScript checker, so the cores only run tests. On two cores the checker
 * halves the rate (src/main/core: about 8 mutants a minute with it). Without it, a mutant
 * TypeScript would refuse is tested too and, if caught, would count as killed:
 * scripts/mutation.sh then runs scripts/mutation-type-check.mjs, which marks those CompileError.
 */
const withChecker = process.env.MUTATION_CHECKER !== 'off'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The project's pool, forks (vitest.config.mts), not the runner's default of threads: in a worker
  // thread, setting process.env.TZ does not change the zone (the display-zone tests then failed
  // the initial run), and the poll worker tests start their own worker threads from it.
  vitest: { configFile: 'vitest.mutation.config.mts', pool: 'forks' },
  checkers: withChecker ? ['typescript'] : [],
  // The mutated folders only: the checker then re-checks no test or bench file per mutant.
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Static mutants (in module-level constants: tables, schemas) run every test for each one and
  // took 89 % of a run's time for a fifth of the mutants; they are left out of runs and the score.
  ignoreStatic: true,
  mutate:
    room === undefined
      ? SCOPES[/** @type {keyof typeof SCOPES} */ (scope)]
      : [`src/main/core/${room}/**/*.ts`],
  ...(room === undefined ? {} : { testFiles: roomTests(room) }),
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${run}.json`,
  // One test runner: the two cores are shared with other work (and the TypeScript checker, when
  // on, takes one); MUTATION_CONCURRENCY=2 (scripts/mutation.sh) on a machine of one's own.
  concurrency: 1,
  timeoutMS: 10_000,
  // The initial run of a scope's tests (the core's: every core, CLI and security test, with
  // per-test coverage) takes minutes on two loaded cores; Stryker's default of 5 stopped it.
  dryRunTimeoutMinutes: 40,
  reporters: ['progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${run}.json` },
  htmlReporter: { fileName: `reports/mutation/${run}.html` },
  // One folder per scope, so that scopes can run side by side; no sandbox copies another's, nor
  // the built app or the screenshots.
  tempDirName: `.stryker-tmp/${run}`,
  ignorePatterns: ['/.stryker-tmp', '/out', '/docs/screenshots'],
  cleanTempDir: 'always',
}
