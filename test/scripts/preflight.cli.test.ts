import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEARCH_ROOT_ENV } from '../../scripts/find-chromium.mjs'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * `node scripts/preflight.mjs`, the first step of `npm test`, run as npm runs it on this machine,
 * with parts of the machine hidden from it: what it prints and its exit status. (Every system's
 * lines, on faked machines: preflight.checks.test.ts.)
 */

const { tempDir } = cleanupAfterEach('tw-preflight-')
const REPO = resolve(__dirname, '../..')

function preflight(env: Record<string, string> = {}) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [join(REPO, 'scripts/preflight.mjs')], {
    cwd: REPO,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 10_000,
  })
  return { status, stdout, lines: stderr.split('\n').filter(Boolean) }
}

/** Chromium hidden everywhere the finder looks: no CHROMIUM_PATH, no Playwright's, no usual place. */
function noChromiumAnywhere(): Record<string, string> {
  return { CHROMIUM_PATH: '', [SEARCH_ROOT_ENV]: tempDir(), PLAYWRIGHT_BROWSERS_PATH: tempDir() }
}

describe('the preflight of npm test', () => {
  it('runs first in npm test, so nothing else starts when it fails', () => {
    const scripts = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>
      }
    ).scripts
    expect(scripts.test?.startsWith('node scripts/preflight.mjs && npm run typecheck && ')).toBe(true)
  })

  it('prints nothing and lets the run go on where everything is there (as under npm test)', () => {
    expect(preflight()).toEqual({ status: 0, stdout: '', lines: [] })
  })

  it('stops with one line naming Chromium and how to install it when there is none', () => {
    const result = preflight(noChromiumAnywhere())
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.lines).toHaveLength(1)
    expect(result.lines[0]).toMatch(
      /^preflight: no Chromium or Chrome found: (.+, or: )?npx playwright-core install chromium \(or set CHROMIUM_PATH to one\)$/,
    )
  })

  it('stops on a CHROMIUM_PATH that leads nowhere, though a Chromium is installed', () => {
    const nowhere = join(tempDir(), 'chromium')
    const result = preflight({ CHROMIUM_PATH: nowhere })
    expect(result.status).toBe(1)
    expect(result.lines).toHaveLength(1)
    expect(result.lines[0]).toMatch(
      new RegExp(
        `^preflight: CHROMIUM_PATH is ${nowhere}, which is not a program: ` +
          `point it at Chromium or Chrome, or unset it \\(to install one: ` +
          `.*npx playwright-core install chromium\\)$`,
      ),
    )
  })

  const secretServiceHere = process.platform !== 'darwin' && process.platform !== 'win32'
  if (!secretServiceHere)
    console.warn(`Skipping the missing-D-Bus run: ${process.platform} reaches its keychain without D-Bus.`)
  it.runIf(secretServiceHere)('stops when D-Bus and GNOME Keyring are not on PATH, naming both', () => {
    const result = preflight({ PATH: tempDir() })
    expect(result.status).toBe(1)
    expect(result.lines).toHaveLength(1)
    expect(result.lines[0]).toMatch(
      /^preflight: no Secret Service for the keychain tests \(dbus-run-session, gnome-keyring-daemon not found\): /,
    )
  })
})
