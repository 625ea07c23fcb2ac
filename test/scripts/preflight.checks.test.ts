import { describe, expect, it } from 'vitest'
import { type PreflightMachine, preflightProblems } from '../../scripts/preflight-checks.mjs'

/**
 * The preflight of `npm test` on faked machines: for each missing part, the exact line it prints.
 * (The script itself, its exit status and its speed: preflight.cli.test.ts.)
 */

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n'
const MINT = 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n'
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n'
const ARCH = 'NAME="Arch Linux"\nID=arch\n'

const KEYRING_COMMANDS = ['dbus-run-session', 'gnome-keyring-daemon']

/** A Linux machine with everything, as CI's after `.ci/run`; each test takes away one part. */
function machine(overrides: Partial<PreflightMachine> & { programs?: string[]; commands?: string[] } = {}) {
  const { programs = ['/usr/bin/chromium'], commands = KEYRING_COMMANDS, ...rest } = overrides
  const base: PreflightMachine = {
    platform: 'linux',
    env: {},
    isProgram: (path) => programs.includes(path),
    playwrightChromium: () => null,
    nodeVersion: 'v24.11.1',
    wantedNodeMajor: '24',
    osRelease: DEBIAN,
    isRoot: false,
    hasCommand: (command) => commands.includes(command),
    keytarLoadError: null,
  }
  return { ...base, ...rest }
}

const NO_CHROMIUM_TAIL = 'or: npx playwright-core install chromium (or set CHROMIUM_PATH to one)'

describe('preflightProblems', () => {
  it('has nothing to say on a machine with everything', () => {
    expect(preflightProblems(machine())).toEqual([])
  })

  it('names a Node other than the one in .nvmrc, and how to get that one', () => {
    expect(preflightProblems(machine({ nodeVersion: 'v22.12.0' }))).toEqual([
      'Node.js 24 is needed (.nvmrc) and this is Node 22.12.0: nvm ' +
        'install, fnm install or volta install node@24',
    ])
  })

  it("says how to install Chromium with each system's own tool, and with Playwright's anywhere", () => {
    const none = { programs: [] }
    expect(preflightProblems(machine(none))).toEqual([
      `no Chromium or Chrome found: sudo apt-get install chromium, ${NO_CHROMIUM_TAIL}`,
    ])
    // As root (CI, a container) there is no sudo to call.
    expect(preflightProblems(machine({ ...none, isRoot: true }))).toEqual([
      `no Chromium or Chrome found: apt-get install chromium, ${NO_CHROMIUM_TAIL}`,
    ])
    for (const osRelease of [UBUNTU, MINT])
      expect(preflightProblems(machine({ ...none, osRelease }))).toEqual([
        `no Chromium or Chrome found: sudo snap install chromium, ${NO_CHROMIUM_TAIL}`,
      ])
    expect(preflightProblems(machine({ ...none, osRelease: FEDORA }))).toEqual([
      `no Chromium or Chrome found: sudo dnf install chromium, ${NO_CHROMIUM_TAIL}`,
    ])
    expect(preflightProblems(machine({ ...none, osRelease: ARCH }))).toEqual([
      'no Chromium or Chrome found: npx playwright-core install chromium (or set CHROMIUM_PATH to one)',
    ])
  })

  it("is content with a snap Chromium alone, or with only Playwright's", () => {
    expect(preflightProblems(machine({ programs: ['/snap/bin/chromium'], osRelease: UBUNTU }))).toEqual([])
    const playwrights = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome'
    expect(
      preflightProblems(machine({ programs: [playwrights], playwrightChromium: () => playwrights })),
    ).toEqual([])
  })

  it('names a CHROMIUM_PATH that leads nowhere', () => {
    expect(preflightProblems(machine({ env: { CHROMIUM_PATH: '/opt/nowhere/chrome' } }))).toEqual([
      'CHROMIUM_PATH is /opt/nowhere/chrome, which is not a program: ' +
        'point it at Chromium or Chrome, or unset it (to install one: ' +
        'sudo apt-get install chromium, or: npx playwright-core install chromium)',
    ])
  })

  it('on macOS: Homebrew or Chrome, and no Secret Service to ask for', () => {
    const mac = machine({ platform: 'darwin', programs: [], commands: [], osRelease: null })
    expect(preflightProblems(mac)).toEqual([
      `no Chromium or Chrome found: brew install --cask chromium (or ` +
        `install Google Chrome: Chrome is enough), ${NO_CHROMIUM_TAIL}`,
    ])
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    expect(preflightProblems({ ...mac, isProgram: (path) => path === chrome })).toEqual([])
  })

  it('on Windows: Chrome, and bash for the keychain wrapper', () => {
    const windows = machine({ platform: 'win32', programs: [], commands: [], osRelease: null })
    expect(preflightProblems(windows)).toEqual([
      `no Chromium or Chrome found: install Google Chrome (Chrome is ` +
        `enough): winget install Google.Chrome, ${NO_CHROMIUM_TAIL}`,
      'bash not found (npm test runs scripts/with-keyring.sh): install ' +
        'Git for Windows (winget install Git.Git) and run npm test from Git Bash',
    ])
    const ready = machine({
      platform: 'win32',
      env: { ProgramFiles: 'C:\\Program Files' },
      programs: ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'],
      commands: ['bash'],
      osRelease: null,
    })
    expect(preflightProblems(ready)).toEqual([])
  })

  it('on Linux, names each missing part of the Secret Service route and the packages that bring it', () => {
    expect(preflightProblems(machine({ commands: [] }))).toEqual([
      'no Secret Service for the keychain tests (dbus-run-session, ' +
        'gnome-keyring-daemon not found): sudo apt-get install dbus gnome-keyring ' +
        'libsecret-1-0',
    ])
    expect(preflightProblems(machine({ commands: ['gnome-keyring-daemon'], osRelease: FEDORA }))).toEqual([
      'no Secret Service for the keychain tests (dbus-run-session not ' +
        'found): sudo dnf install dbus-daemon gnome-keyring libsecret',
    ])
    const noLibsecret = 'libsecret-1.so.0: cannot open shared object file: No such file or directory'
    expect(preflightProblems(machine({ keytarLoadError: noLibsecret, osRelease: UBUNTU }))).toEqual([
      'no Secret Service for the keychain tests (libsecret not found): ' +
        'sudo apt-get install dbus gnome-keyring libsecret-1-0',
    ])
    expect(preflightProblems(machine({ commands: [], osRelease: ARCH }))).toEqual([
      'no Secret Service for the keychain tests (dbus-run-session, ' +
        'gnome-keyring-daemon not found): install dbus, gnome-keyring ' +
        'and libsecret with your package manager',
    ])
  })

  it('says everything missing at once, one line each, in the order the run needs them', () => {
    expect(
      preflightProblems(machine({ nodeVersion: 'v20.19.0', programs: [], commands: [], isRoot: true })),
    ).toEqual([
      'Node.js 24 is needed (.nvmrc) and this is Node 20.19.0: nvm ' +
        'install, fnm install or volta install node@24',
      `no Chromium or Chrome found: apt-get install chromium, ${NO_CHROMIUM_TAIL}`,
      'no Secret Service for the keychain tests (dbus-run-session, ' +
        'gnome-keyring-daemon not found): apt-get install dbus gnome-keyring ' +
        'libsecret-1-0',
    ])
  })
})
