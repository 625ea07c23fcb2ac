import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'

/**
 * Launches the built app in a real Electron where the binary is installed. On machines that
 * cannot download Electron (this project's CI sets ELECTRON_SKIP_BINARY_DOWNLOAD) it is skipped,
 * and says why.
 */

function electronBinary(): { path: string | null; reason: string } {
  const require = createRequire(import.meta.url)
  try {
    // electron's index.js throws when its binary was never downloaded.
    const path = require('electron') as unknown as string
    if (typeof path === 'string' && existsSync(path)) return { path, reason: '' }
    return { path: null, reason: `the Electron binary is not at ${String(path)}` }
  } catch (error) {
    return { path: null, reason: `no Electron binary installed (${(error as Error).message.split('\n')[0]})` }
  }
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
