// This machine as the preflight of `npm test` reads it (scripts/preflight-checks.mjs says what is
// missing from it): the finder's view plus Node, the OS, PATH and whether keytar loads.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { thisMachine } from './find-chromium.mjs'

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..')

function readOrNull(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** keytar's native module links libsecret on Linux: loading it is how to tell that libsecret is there. */
function keytarLoadError() {
  if (process.platform === 'darwin' || process.platform === 'win32') return null
  try {
    createRequire(import.meta.url)('keytar')
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

export function thisMachineForPreflight() {
  const machine = thisMachine()
  /** Whether `command` is a program on PATH (on Windows, with any of PATHEXT's extensions). */
  const hasCommand = (command) => {
    const extensions = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE').split(';') : ['']
    return (process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .some((folder) => extensions.some((extension) => machine.isProgram(join(folder, command + extension))))
  }
  return {
    ...machine,
    nodeVersion: process.version,
    wantedNodeMajor: (readOrNull(join(projectDir, '.nvmrc')) ?? '').trim().replace(/^v/, ''),
    osRelease: readOrNull('/etc/os-release') ?? readOrNull('/usr/lib/os-release'),
    isRoot: process.getuid?.() === 0,
    hasCommand,
    keytarLoadError: keytarLoadError(),
  }
}
