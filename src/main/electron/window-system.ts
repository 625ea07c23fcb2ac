/**
 * Which window system Electron runs on, where that changes what the app can promise. Since
 * Electron 38 it runs natively on Wayland when the session is Wayland (the default on Ubuntu and
 * Fedora GNOME), and there `setAlwaysOnTop`, `setPosition` and `x`/`y` do nothing and
 * `getPosition()` reads [0, 0] (docs/api/browser-window.md, "not supported on Wayland"): "Pin on
 * top" would silently do nothing. On X11, through XWayland, all of them work, so a Wayland
 * session with XWayland (DISPLAY set) starts the app again there; without it, pinning is refused
 * in words (PIN_UNAVAILABLE_ON_WAYLAND).
 */

/** The Chromium switch that puts Electron on X11 (XWayland under a Wayland session). */
export const XWAYLAND_SWITCH = '--ozone-platform=x11'

export const PIN_UNAVAILABLE_ON_WAYLAND =
  'Keep on top is not available on Wayland without XWayland: the ' +
  'window manager does not let apps pin a window.'

export type WindowSystem = 'other' | 'relaunch-on-xwayland' | 'native-wayland'

export function windowSystem(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): WindowSystem {
  if (platform !== 'linux' || argv.includes(XWAYLAND_SWITCH)) return 'other'
  const forcedWayland = argv.includes('--ozone-platform=wayland')
  const wayland = forcedWayland || env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY)
  if (!wayland) return 'other'
  return env.DISPLAY && !forcedWayland ? 'relaunch-on-xwayland' : 'native-wayland'
}
