// Where Electron's binary is, found without running `electron`'s index.js: since Electron 42 the
// package downloads nothing at install, and requiring it downloads the binary (about 100 MB) on
// the spot when it is missing (node_modules/electron/index.js). Both `npm start`'s check and the
// Electron smoke test must only look, so a test run never starts a download.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'

/**
 * Reads what Electron's install script writes (path.txt naming the executable in dist/, or
 * ELECTRON_OVERRIDE_DIST_PATH) and says whether the binary is there.
 * @returns {{ ok: true, binary: string, electronDir: string } | { ok: false, missing: string, electronDir:
 * string | null }}
 */
export function findElectronBinary(projectDir, env = process.env) {
  let electronDir
  try {
    electronDir = dirname(createRequire(join(projectDir, 'package.json')).resolve('electron/package.json'))
  } catch {
    return {
      ok: false,
      missing: 'the electron package is not installed (node_modules/electron)',
      electronDir: null,
    }
  }
  const pathFile = join(electronDir, 'path.txt')
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist')
  if (!executable)
    return {
      ok: false,
      missing: `Electron's binary is not installed (nothing in ${relative(projectDir, distDir) || distDir})`,
      electronDir,
    }
  const binary = join(distDir, executable)
  if (!existsSync(binary))
    return { ok: false, missing: `Electron's binary is not installed (${binary} is missing)`, electronDir }
  return { ok: true, binary, electronDir }
}
