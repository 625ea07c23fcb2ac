// Finds the Chromium (or Chrome) that the tests, the screenshots and the bench drive through
// playwright-core, on any desktop: CHROMIUM_PATH if set; else Playwright's own Chromium if it is
// installed (`npx playwright-core install chromium`); else the places a system package or an
// installer puts one. Plain JavaScript that any Node can run, because the preflight of `npm test`
// uses it to say, among other things, that this Node is the wrong one.
import { accessSync, constants, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, posix, win32 } from 'node:path'

/**
 * Moves the usual places under another folder, so a test can show the finder a machine with only
 * a snap Chromium, or with none (`/usr/bin/chromium` then lies outside what it looks at).
 */
export const SEARCH_ROOT_ENV = 'TOKENWATCH_CHROMIUM_SEARCH_ROOT'

/** Where system packages and installers put Chromium or Chrome, most likely first. */
export function usualPlaces(platform, env) {
  if (platform === 'darwin') {
    const apps = ['/Applications', ...(env.HOME ? [posix.join(env.HOME, 'Applications')] : [])]
    return apps.flatMap((folder) => [
      posix.join(folder, 'Chromium.app/Contents/MacOS/Chromium'),
      posix.join(folder, 'Google Chrome.app/Contents/MacOS/Google Chrome'),
    ])
  }
  if (platform === 'win32') {
    // process.env is case-insensitive on Windows; these are the spellings Windows sets.
    const folders = [env.ProgramFiles, env['ProgramFiles(x86)'], env.LOCALAPPDATA].filter(Boolean)
    return folders.flatMap((folder) => [
      win32.join(folder, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      win32.join(folder, 'Chromium', 'Application', 'chrome.exe'),
    ])
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome']
}

/**
 * The machine as the finder sees it; the tests hand in a fake one.
 * `playwrightChromium()` is where playwright-core's own Chromium would be, installed or not.
 */
export function thisMachine() {
  const require = createRequire(import.meta.url)
  return {
    platform: process.platform,
    env: process.env,
    isProgram,
    playwrightChromium() {
      try {
        return require('playwright-core').chromium.executablePath()
      } catch {
        // playwright-core not installed (npm install not run yet) or not for this platform.
        return null
      }
    },
  }
}

function isProgram(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * `{ path }` of the Chromium to drive, or `{ path: null, badOverride }` when CHROMIUM_PATH names
 * something that is not a program (it is what the person asked for, so no other browser stands in
 * for it), or `{ path: null, badOverride: null }` when there is none anywhere.
 */
export function findChromium(machine = thisMachine()) {
  const override = machine.env.CHROMIUM_PATH
  if (override)
    return machine.isProgram(override) ? { path: override } : { path: null, badOverride: override }
  const playwrights = machine.playwrightChromium()
  if (playwrights && machine.isProgram(playwrights)) return { path: playwrights }
  const root = machine.env[SEARCH_ROOT_ENV]
  for (const place of usualPlaces(machine.platform, machine.env)) {
    const path = root ? join(root, place) : place
    if (machine.isProgram(path)) return { path }
  }
  return { path: null, badOverride: null }
}
