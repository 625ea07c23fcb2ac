import os from 'node:os'
import path from 'node:path'

export const APP_NAME = 'tokenwatch'

/** Points the CLI (and tests) at another user data folder than the per-user default. */
export const USER_DATA_ENV = 'TOKENWATCH_USER_DATA'

/**
 * The folder Electron's `app.getPath('userData')` gives for this app, so the CLI and the desktop
 * app share one settings file. The Electron shell passes `app.getPath('userData')` itself; the CLI
 * calls this. `TOKENWATCH_USER_DATA` overrides it.
 */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  homeDir: string = os.homedir(),
): string {
  const override = env[USER_DATA_ENV]
  if (override) return path.resolve(override)
  switch (platform) {
    case 'darwin':
      return path.join(homeDir, 'Library', 'Application Support', APP_NAME)
    case 'win32':
      return path.win32.join(env.APPDATA || path.win32.join(homeDir, 'AppData', 'Roaming'), APP_NAME)
    default:
      // Electron follows the XDG spec, which ignores a relative XDG_CONFIG_HOME.
      return path.join(
        env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
          ? env.XDG_CONFIG_HOME
          : path.join(homeDir, '.config'),
        APP_NAME,
      )
  }
}
