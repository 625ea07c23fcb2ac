import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { findElectronBinary } from '../../scripts/electron-binary.mjs'

/**
 * Launches the built app in a real Electron where the binary is installed (`npm start` downloads
 * it once). Where it is not, the test is skipped and says why; it never starts the download.
 */

/**
 * Only looks for the binary: requiring `electron` would download it on the spot (Electron 42+),
 * about 100 MB in the middle of a test run, or fail offline after trying.
 */
function electronBinary(): { path: string | null; reason: string } {
  const found = findElectronBinary(process.cwd())
  return found.ok ? { path: found.binary, reason: '' } : { path: null, reason: found.missing }
}

const binary = electronBinary()
const built = existsSync('out/main/index.js') && existsSync('out/renderer/index.html')
const skipReason = !binary.path ? binary.reason : !built ? 'the app is not built (run npm run build)' : ''
if (skipReason) console.warn(`[electron smoke] skipped: ${skipReason}`)

describe('the packaged Electron app', () => {
  it.skipIf(skipReason !== '')('starts in demo mode with a secure window and shows prices', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'tokenwatch-electron-'))
    const app = await electron.launch({
      executablePath: binary.path ?? undefined,
      args: ['.', '--no-sandbox'],
      env: { ...process.env, TOKENWATCH_USER_DATA: userData },
    })
    try {
      const page = await app.firstWindow()
      await page.waitForSelector('text=DEMO', { timeout: 20_000 })
      // No Node in the page, only the preload's one object (context isolation and sandbox on).
      const globals = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>
        return { process: typeof w.process, require: typeof w.require, tokenwatch: typeof w.tokenwatch }
      })
      expect(globals).toEqual({ process: 'undefined', require: 'undefined', tokenwatch: 'object' })
      await page.waitForFunction(
        () => /\d+\.\d{2}/.test(document.querySelector('[role="grid"], table')?.textContent ?? ''),
        null,
        { timeout: 20_000 },
      )
    } finally {
      await app.close()
      rmSync(userData, { recursive: true, force: true })
    }
  })
})
