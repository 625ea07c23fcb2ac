import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    // Generous: a browser test on two cores shared with other work can take long; a timeout is
    // for a hang, never a speed limit (speed is the bench's job).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: run files two at a time so timing-sensitive HTTP tests are not starved.
    maxWorkers: 2,
  },
})
