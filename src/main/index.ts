import { join } from 'node:path'
import { app, dialog, protocol } from 'electron'
import { USER_DATA_ENV } from './core/storage/paths'
import { applyAppIdentity, keepUserDataFolder } from './electron/app-identity'
import { APP_SCHEME_PRIVILEGES } from './electron/app-protocol'
import { Shell } from './electron/shell'
import { reportStartupFailure, userDataFolderProblem } from './electron/startup'
import { XWAYLAND_SWITCH, windowSystem } from './electron/window-system'

/**
 * The app's entry in Electron's main process: the user data folder and the app's identity, set
 * before 'ready'; then one of: a relaunch on XWayland, a startup failure said, a second instance
 * handing over to the first, or the Shell (electron/shell.ts) of the one running instance.
 */

// The same override the CLI honours (src/main/core/storage/paths.ts), so tests and portable setups can
// point the app at another folder.
const userDataOverride = process.env[USER_DATA_ENV]
if (userDataOverride) app.setPath('userData', userDataOverride)
else keepUserDataFolder(app)
applyAppIdentity(app, process.platform)
// Before 'ready', as Electron requires: the scheme the built page is served on.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

// electron-vite's dev server, in development only: a packaged app never loads a URL from its environment.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL || undefined
const resourcesDir = app.isPackaged ? process.resourcesPath : join(__dirname, '../../resources')
const outDir = join(__dirname, '..')

const userDataProblem = userDataFolderProblem(app.getPath('userData'))
const onWindowSystem = windowSystem(process.platform, process.env, process.argv)
if (onWindowSystem === 'relaunch-on-xwayland') {
  // Native Wayland cannot pin or place a window: the same command again, on XWayland.
  app.relaunch({ args: [...process.argv.slice(1), XWAYLAND_SWITCH] })
  app.exit(0)
} else if (userDataProblem) {
  // Said once ready: on Linux an error box before 'ready' only reaches stderr.
  void app.whenReady().then(() =>
    reportStartupFailure('opening the folder for your settings', userDataProblem, app.getPath('userData'), {
      showErrorBox: (title, content) => dialog.showErrorBox(title, content),
      exit: (code) => app.exit(code),
    }),
  )
} else if (!app.requestSingleInstanceLock()) {
  // A second start focuses the first instead of opening another copy polling the same API.
  app.quit()
} else {
  new Shell({
    userDataDir: app.getPath('userData'),
    pinUnavailable: onWindowSystem === 'native-wayland',
    devServerUrl,
    resourcesDir,
    outDir,
    pollWorkerScript: join(__dirname, 'poll-worker.js'),
    portfolioWorkerScript: join(__dirname, 'portfolio-worker.js'),
  }).start()
}
