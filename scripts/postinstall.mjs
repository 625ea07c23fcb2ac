// Rebuilds native modules (keytar) for Electron's Node ABI so `npm start` can load them.
// Skipped where the Electron binary was not downloaded (CI, offline machines): there keytar stays
// built for plain Node, which is what the tests use.
import { spawnSync } from 'node:child_process'

if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('postinstall: ELECTRON_SKIP_BINARY_DOWNLOAD is set; keytar stays built for Node (tests), not Electron.')
} else {
  const result = spawnSync('npx', ['electron-builder', 'install-app-deps'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) {
    console.warn('postinstall: could not rebuild keytar for Electron; the app will fall back to an in-memory key.')
  }
}
