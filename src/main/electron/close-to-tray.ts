import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The first time closing the window leaves the app running in the tray, it says so once: where
 * the app went, how to quit, and how to bring the window back where no tray icon shows (GNOME
 * without the AppIndicator extension has no tray at all). A marker file remembers it was said.
 */

export const TRAY_NOTICE_MARKER = 'tray-notice-shown'

export function trayNotice(platform: NodeJS.Platform): { title: string; body: string } {
  if (platform === 'darwin')
    return {
      title: 'Tokenwatch is still running',
      body:
        'It keeps watching prices from the menu bar. Quit it from the ' +
        'menu-bar icon or with Cmd+Q. To quit on close instead, turn ' +
        'off "Keep running in the tray" in Settings.',
    }
  const where = platform === 'win32' ? 'the notification area' : 'the tray'
  return {
    title: 'Tokenwatch is still running',
    body:
      `It keeps watching prices from ${where}. Quit it from the tray ` +
      `icon's menu; with no icon, start Tokenwatch again to bring the ` +
      `window back. To quit on close instead, turn off "Keep running ` +
      `in the tray" in Settings.`,
  }
}

/**
 * True the first time it is asked for this user data folder, false after. Where the marker cannot
 * be written, the notice shows once per run instead.
 */
export function trayNoticeOnce(userDataDir: string): () => Promise<boolean> {
  let askedThisRun = false
  return async () => {
    if (askedThisRun) return false
    askedThisRun = true
    try {
      await writeFile(join(userDataDir, TRAY_NOTICE_MARKER), '', { flag: 'wx' })
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EEXIST'
    }
  }
}
