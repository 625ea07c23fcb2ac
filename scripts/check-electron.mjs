// Run before `electron-vite preview` / `dev` (npm start, npm run dev): makes sure Electron's binary
// is installed. Since Electron 42 `npm install` does not download it; the first start does. This
// script runs that download itself (Electron's own install.js), saying what it is doing, and if
// the download fails says what is missing and how to get it, then exits non-zero. Without it,
// a failed download ends in electron-vite's bare "Error: Electron uninstall".
import { spawnSync } from 'node:child_process'
import { join, relative } from 'node:path'
import { findElectronBinary } from './electron-binary.mjs'

function missingElectronMessage(found) {
  const installer = found.electronDir ? relative(process.cwd(), join(found.electronDir, 'install.js')) : ''
  const installScript = found.electronDir
    ? `node ${installer || 'node_modules/electron/install.js'}`
    : 'npm install'
  const lines = [
    `Tokenwatch cannot start: ${found.missing}.`,
    '',
    'Electron downloads its binary the first time the app starts (not during `npm install`), and',
    'that download failed (offline, or behind a proxy).',
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

let found = findElectronBinary(process.cwd())
if (!found.ok && found.electronDir) {
  console.error("Downloading Electron's binary (about 100 MB, once)...")
  spawnSync(process.execPath, [join(found.electronDir, 'install.js')], { stdio: 'inherit' })
  found = findElectronBinary(process.cwd())
}
if (!found.ok) {
  console.error(missingElectronMessage(found))
  process.exit(1)
}
