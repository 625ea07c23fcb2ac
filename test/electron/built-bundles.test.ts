import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Checks on what `npm run build` produced (npm test builds before it runs the tests): what the
 * shell ships, read from the bundles themselves rather than from the sources.
 */

function built(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (npm test does)`)
  return readFileSync(path, 'utf8')
}

describe('the built main bundle', () => {
  it('loads keytar with require, not a dynamic import (which can fail from inside an asar)', () => {
    const main = built('out/main/index.js')
    expect(main).toMatch(/require\(["']keytar["']\)/)
    expect(main).not.toMatch(/import\(["']keytar["']\)/)
  })
})
