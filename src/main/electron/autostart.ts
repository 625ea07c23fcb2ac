import { mkdir, rm, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { XWAYLAND_SWITCH } from './window-system'

/**
 * Start at login. Electron's `app.setLoginItemSettings` works on Windows and macOS only; on Linux
 * it does nothing, so there the app writes (and removes) an XDG autostart entry itself:
 * `$XDG_CONFIG_HOME/autostart/<app>.desktop`, which every desktop following the XDG Autostart
 * specification (GNOME, KDE, Xfce, ...) starts at login.
 */

/** What a start-at-login entry needs to know about how this copy of the app was started. */
export interface LaunchContext {
  platform: NodeJS.Platform
  /** `process.execPath`: the app's executable, or Electron's own in a dev checkout. */
  execPath: string
  isPackaged: boolean
  /** `app.getAppPath()`: the folder Electron loads the app from (needed as an argument in a checkout). */
  appPath: string
  env: NodeJS.ProcessEnv
}

/** The command that starts this copy of the app again: executable and arguments. */
export function launchCommand(context: LaunchContext): { path: string; args: string[] } {
  // An AppImage runs from a temporary mount; APPIMAGE is the file the person actually has.
  const path = (context.platform === 'linux' && context.env.APPIMAGE) || context.execPath
  // From a dev checkout the executable is Electron itself, which needs to be told which app to run.
  const args = context.isPackaged ? [] : [context.appPath]
  // On Linux, on X11 (XWayland under Wayland), where the window can be pinned (window-system.ts).
  return { path, args: context.platform === 'linux' ? [...args, XWAYLAND_SWITCH] : args }
}

export const AUTOSTART_FILE_NAME = 'tokenwatch.desktop'

export function autostartFile(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const configHome =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config')
  return join(configHome, 'autostart', AUTOSTART_FILE_NAME)
}

/**
 * One argument of an `Exec` line, quoted as the Desktop Entry Specification asks: inside double
 * quotes, `"`, `` ` ``, `$` and `\` are escaped with a backslash; `%` is doubled (field codes).
 */
export function quoteExecArgument(argument: string): string {
  const escaped = argument.replace(/%/g, '%%')
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(escaped)) return escaped
  return `"${escaped.replace(/(["`$\\])/g, '\\$1')}"`
}

export function desktopEntry(command: { path: string; args: string[] }): string {
  const exec = [command.path, ...command.args].map(quoteExecArgument).join(' ')
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Tokenwatch',
    'Comment=Watchlist for tokenized stocks',
    `Exec=${exec}`,
    'Icon=tokenwatch',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n')
}

/** The part of Electron's `app` this module uses. */
export interface LoginItemApi {
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void
}

/** Turns start at login on or off for this copy of the app. */
export async function setStartAtLogin(
  enabled: boolean,
  context: LaunchContext,
  loginItems: LoginItemApi,
  home: string = homedir(),
): Promise<void> {
  const command = launchCommand(context)
  if (context.platform === 'linux') {
    const file = autostartFile(context.env, home)
    if (enabled) {
      await mkdir(join(file, '..'), { recursive: true })
      await writeFile(file, desktopEntry(command), 'utf8')
    } else {
      await rm(file, { force: true })
    }
    return
  }
  // Windows registers a command line (path and args are Windows-only options); macOS registers
  // the running app bundle itself.
  loginItems.setLoginItemSettings(
    context.platform === 'win32'
      ? { openAtLogin: enabled, path: command.path, args: command.args }
      : { openAtLogin: enabled },
  )
}
