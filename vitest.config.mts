import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // FC_SEED replays a failed property test (test/support/fast-check-replay.ts).
    setupFiles: ['test/support/fast-check-replay.ts'],
    pool: 'forks',
    // Generous: a browser test on two cores shared with other work can take long; a timeout is
    // for a hang, never a speed limit (speed is the bench's job).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits on a condition (a toast, a row); its default of 1 s is a speed limit on a
    // busy machine, not a check: 10 s, and a condition that never comes still fails.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: run files two at a time so timing-sensitive HTTP tests are not starved.
    maxWorkers: 2,
  },
})
