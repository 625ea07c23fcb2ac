// What `npm test` needs from the machine before anything runs, and for each missing part one line
// that says what is missing and the command that installs it on this system. Pure: it reads the
// machine only through the object it is handed (scripts/preflight.mjs builds the real one, the
// tests fake one), so every system's lines can be tested on any system.
import { findChromium } from './find-chromium.mjs'

/** The systems we know an install command for; anything else gets the portable advice only. */
function systemOf(machine) {
  if (machine.platform === 'darwin' || machine.platform === 'win32') return machine.platform
  const field = (name) => {
    const match = new RegExp(`^${name}=["']?([^"'\\n]*)`, 'm').exec(machine.osRelease ?? '')
    return match ? match[1].toLowerCase().split(/\s+/) : []
  }
  const ids = [...field('ID'), ...field('ID_LIKE')]
  for (const family of ['ubuntu', 'debian', 'fedora']) if (ids.includes(family)) return family
  return 'other'
}

const PLAYWRIGHT_CHROMIUM = 'npx playwright-core install chromium'

/** `sudo ` unless already root, where sudo may not even exist (a container, CI). */
function asAdmin(machine, command) {
  return machine.isRoot ? command : `sudo ${command}`
}

function installChromium(machine) {
  const system = systemOf(machine)
  const native = {
    debian: asAdmin(machine, 'apt-get install chromium'),
    // Ubuntu ships Chromium only as a snap; its apt package chromium-browser installs the same snap.
    ubuntu: asAdmin(machine, 'snap install chromium'),
    fedora: asAdmin(machine, 'dnf install chromium'),
    darwin: 'brew install --cask chromium (or install Google Chrome: Chrome is enough)',
    win32: 'install Google Chrome (Chrome is enough): winget install Google.Chrome',
  }[system]
  return native ? `${native}, or: ${PLAYWRIGHT_CHROMIUM}` : PLAYWRIGHT_CHROMIUM
}

function installSecretService(machine) {
  const system = systemOf(machine)
  if (system === 'debian' || system === 'ubuntu')
    return asAdmin(machine, 'apt-get install dbus gnome-keyring libsecret-1-0')
  if (system === 'fedora') return asAdmin(machine, 'dnf install dbus-daemon gnome-keyring libsecret')
  return 'install dbus, gnome-keyring and libsecret with your package manager'
}

function nodeProblem(machine) {
  const have = machine.nodeVersion.replace(/^v/, '')
  if (have.split('.')[0] === machine.wantedNodeMajor) return null
  const want = machine.wantedNodeMajor
  return (
    `Node.js ${want} is needed (.nvmrc) and this is Node ${have}: ` +
    `nvm install, fnm install or volta install node@${want}`
  )
}

/** Why no Chromium can be driven here and how to get one, or null when there is one. */
export function chromiumProblem(machine) {
  const found = findChromium(machine)
  if (found.path) return null
  if (found.badOverride)
    return (
      `CHROMIUM_PATH is ${found.badOverride}, which is not a program: ` +
      `point it at Chromium or Chrome, or unset it (to install one: ` +
      `${installChromium(machine)})`
    )
  return `no Chromium or Chrome found: ${installChromium(machine)} (or set CHROMIUM_PATH to one)`
}

/**
 * Linux and the other Unixes reach the keychain through the Secret Service; the tests run it in a
 * private D-Bus session (scripts/with-keyring.sh). macOS and Windows keychains need nothing.
 */
function secretServiceProblem(machine) {
  if (machine.platform === 'darwin' || machine.platform === 'win32') return null
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter(
    (command) => !machine.hasCommand(command),
  )
  if (machine.keytarLoadError && /libsecret/i.test(machine.keytarLoadError)) missing.push('libsecret')
  if (missing.length === 0) return null
  return (
    `no Secret Service for the keychain tests (${missing.join(', ')}` +
    ` not found): ${installSecretService(machine)}`
  )
}

/** `npm test` starts the keychain wrapper with bash, which Windows has only through Git. */
function bashProblem(machine) {
  if (machine.platform !== 'win32' || machine.hasCommand('bash')) return null
  return (
    'bash not found (npm test runs scripts/with-keyring.sh): install ' +
    'Git for Windows (winget install Git.Git) and run npm test from Git Bash'
  )
}

/** One line per missing part, in the order they are needed; none when the machine has everything. */
export function preflightProblems(machine) {
  return [nodeProblem, chromiumProblem, secretServiceProblem, bashProblem]
    .map((check) => check(machine))
    .filter((line) => line !== null)
}
