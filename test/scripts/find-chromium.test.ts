import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import {
  type ChromiumFound,
  type ChromiumMachine,
  findChromium,
  SEARCH_ROOT_ENV,
} from '../../scripts/find-chromium.mjs'
import { chromiumExecutable } from '../support/chromium'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * Where the tests, the screenshots and the bench find their Chromium, on machines faked two ways:
 * an object that says which programs exist (every system, from any system), and real files under
 * a folder the finder is pointed at instead of `/` (this system).
 */

const { tempDir } = cleanupAfterEach('tw-find-chromium-')

function machine(
  platform: NodeJS.Platform,
  programs: string[],
  options: { env?: Record<string, string>; playwright?: string } = {},
): ChromiumMachine {
  return {
    platform,
    env: options.env ?? {},
    isProgram: (path) => programs.includes(path),
    playwrightChromium: () => options.playwright ?? null,
  }
}

function fakeProgramAt(path: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, '#!/bin/sh\n')
  chmodSync(path, 0o755)
}

const PLAYWRIGHTS = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome'

describe('findChromium on a faked machine', () => {
  it('finds nothing where there is no Chromium anywhere', () => {
    expect(findChromium(machine('linux', []))).toEqual({ path: null, badOverride: null })
  })

  it("finds Ubuntu's snap Chromium when it is the only one", () => {
    expect(findChromium(machine('linux', ['/snap/bin/chromium']))).toEqual({ path: '/snap/bin/chromium' })
  })

  it("prefers Playwright's own Chromium to the system's, and finds it alone", () => {
    const both = machine('linux', [PLAYWRIGHTS, '/usr/bin/chromium'], { playwright: PLAYWRIGHTS })
    expect(findChromium(both)).toEqual({ path: PLAYWRIGHTS })
    expect(findChromium(machine('linux', [PLAYWRIGHTS], { playwright: PLAYWRIGHTS }))).toEqual({
      path: PLAYWRIGHTS,
    })
  })

  it("passes over where Playwright's Chromium would be when it is not installed", () => {
    const notInstalled = machine('linux', ['/usr/bin/google-chrome'], { playwright: PLAYWRIGHTS })
    expect(findChromium(notInstalled)).toEqual({ path: '/usr/bin/google-chrome' })
  })

  it('takes CHROMIUM_PATH first, and an empty one as unset', () => {
    const programs = ['/opt/chromium/chrome', '/usr/bin/chromium', PLAYWRIGHTS]
    const set = machine('linux', programs, {
      env: { CHROMIUM_PATH: '/opt/chromium/chrome' },
      playwright: PLAYWRIGHTS,
    })
    expect(findChromium(set)).toEqual({ path: '/opt/chromium/chrome' })
    expect(findChromium(machine('linux', programs, { env: { CHROMIUM_PATH: '' } }))).toEqual({
      path: '/usr/bin/chromium',
    })
  })

  it('says so when CHROMIUM_PATH names no program, rather than driving another browser', () => {
    const found = findChromium(
      machine('linux', ['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nowhere' } }),
    )
    expect(found).toEqual({ path: null, badOverride: '/nowhere' })
  })

  it('finds Chrome or Chromium in the macOS application folders', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    expect(findChromium(machine('darwin', [chrome]))).toEqual({ path: chrome })
    const ownChromium = '/Users/dev/Applications/Chromium.app/Contents/MacOS/Chromium'
    expect(findChromium(machine('darwin', [ownChromium], { env: { HOME: '/Users/dev' } }))).toEqual({
      path: ownChromium,
    })
    // A Linux path means nothing on a Mac.
    expect(findChromium(machine('darwin', ['/usr/bin/chromium'])).path).toBeNull()
  })

  it("finds Chrome where Windows' installers put it, for the machine or the user", () => {
    const env = { ProgramFiles: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\dev\\AppData\\Local' }
    const perMachine = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'
    const perUser = 'C:\\Users\\dev\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'
    expect(findChromium(machine('win32', [perMachine], { env }))).toEqual({ path: perMachine })
    expect(findChromium(machine('win32', [perUser], { env }))).toEqual({ path: perUser })
    expect(findChromium(machine('win32', [], { env })).path).toBeNull()
  })
})

describe('findChromium on this system, pointed at a folder of fake programs', () => {
  /** The finder in a child process, as the preflight and the stand-in run it. */
  const finder = pathToFileURL(resolve(__dirname, '../../scripts/find-chromium.mjs')).href
  function findInChild(env: Record<string, string>): ChromiumFound {
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `console.log(JSON.stringify((await import('${finder}')).findChromium()))`,
      ],
      { env: { ...process.env, CHROMIUM_PATH: '', ...env }, encoding: 'utf8', timeout: 10_000 },
    )
    expect(child.stderr).toBe('')
    return JSON.parse(child.stdout) as ChromiumFound
  }

  const onLinux = process.platform === 'linux'
  if (!onLinux) console.warn('Skipping the snap Chromium test here: the snap is a Linux place (faked above).')
  it.runIf(onLinux)('finds only the snap Chromium, and nothing once it is gone', () => {
    const root = tempDir()
    const noPlaywright = tempDir()
    const env = { [SEARCH_ROOT_ENV]: root, PLAYWRIGHT_BROWSERS_PATH: noPlaywright }
    expect(findInChild(env)).toEqual({ path: null, badOverride: null })
    fakeProgramAt(join(root, 'snap/bin/chromium'))
    expect(findInChild(env)).toEqual({ path: join(root, 'snap/bin/chromium') })
  })

  it("finds Playwright's own Chromium where playwright-core installs it", () => {
    const browsers = tempDir()
    const env = { [SEARCH_ROOT_ENV]: tempDir(), PLAYWRIGHT_BROWSERS_PATH: browsers }
    const whereItGoes = spawnSync(
      process.execPath,
      ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 10_000 },
    ).stdout
    expect(whereItGoes.startsWith(browsers)).toBe(true)
    fakeProgramAt(whereItGoes)
    expect(findInChild(env)).toEqual({ path: whereItGoes })
  })

  const onWindows = process.platform === 'win32'
  if (onWindows) console.warn('Skipping the execute-permission test: Windows files have no execute bit.')
  it.skipIf(onWindows)('a file that cannot be run is not a Chromium', () => {
    const root = tempDir()
    const path = join(root, 'snap/bin/chromium')
    fakeProgramAt(path)
    chmodSync(path, 0o644)
    expect(findInChild({ [SEARCH_ROOT_ENV]: root, PLAYWRIGHT_BROWSERS_PATH: tempDir() }).path).toBeNull()
  })
})

describe('chromiumExecutable, what every browser test, the screenshots and the bench launch', () => {
  it("throws the preflight's line rather than launching nothing, then finds one once there is one", () => {
    const root = tempDir()
    vi.stubEnv('CHROMIUM_PATH', join(root, 'chrome'))
    try {
      expect(() => chromiumExecutable()).toThrow(
        new RegExp(
          `^No Chromium to drive: CHROMIUM_PATH is ${join(root, 'chrome')}, which is not a program: `,
        ),
      )
      fakeProgramAt(join(root, 'chrome'))
      expect(chromiumExecutable()).toBe(join(root, 'chrome'))
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
