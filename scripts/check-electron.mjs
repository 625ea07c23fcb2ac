// Run before `electron-vite preview` / `dev` (npm start, npm run dev): checks that Electron's
// binary is installed, and if not says what is missing and how to get it, then exits non-zero.
// Without it, a failed or skipped download ends in electron-vite's bare "Error: Electron uninstall".
// It reads what Electron's own install script writes (dist/ and path.txt) and never requires
// `electron`, whose index.js would try to download the binary on the spot.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'

/** Where Electron's binary should be, and whether it is there. */
function findElectronBinary(projectDir, env = process.env) {
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

function missingElectronMessage(found, env = process.env) {
  const installScript = found.electronDir
    ? `node ${relative(process.cwd(), join(found.electronDir, 'install.js')) || 'node_modules/electron/install.js'}`
    : 'npm install'
  const lines = [
    `Tokenwatch cannot start: ${found.missing}.`,
    '',
    env.ELECTRON_SKIP_BINARY_DOWNLOAD
      ? 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so `npm install` did not download it.'
      : 'Its download during `npm install` failed or was skipped (offline, or behind a proxy).',
    '',
    'To get it:',
    `  ${installScript}`,
    "    runs Electron's own install script again and downloads the binary for this computer.",
    '  Behind a proxy: ELECTRON_GET_USE_PROXY=1 GLOBAL_AGENT_HTTPS_PROXY=http://proxy:port ' + installScript,
    '  From a mirror:  ELECTRON_MIRROR=https://your.mirror/electron/ ' + installScript,
    "    (ELECTRON_MIRROR is the address of a copy of Electron's releases your network can reach).",
    '',
    'The tests, the CLI (`npm run cli`) and the simulator (`npm run sim`) do not need it.',
  ]
  return lines.join('\n')
}

const found = findElectronBinary(process.cwd())
if (!found.ok) {
  console.error(missingElectronMessage(found))
  process.exit(1)
}
