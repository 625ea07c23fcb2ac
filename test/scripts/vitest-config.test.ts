import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** The test runner's own configuration loads without Vite's warning about an ESM file loaded as CommonJS. */

describe('the vitest configuration', () => {
  it('loads as an ES module, with no warning on any run', () => {
    const run = spawnSync('npx', ['vitest', 'list', 'test/shared/delta.test.ts'], {
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('delta.test.ts')
    expect(`${run.stdout}${run.stderr}`).not.toContain('loaded as CommonJS')
  })
})
