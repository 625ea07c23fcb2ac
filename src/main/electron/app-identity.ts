import { join } from 'node:path'
import { APP_NAME } from '../core/storage/paths'

/**
 * The app's identity towards the OS. APP_ID is electron-builder's `appId` (electron-builder.yml;
 * a test keeps the two equal): on Windows it must also be the AppUserModelID, set before `ready`,
 * or toasts are headed with a raw id and the taskbar does not group the app's windows.
 */
export const APP_ID = 'finance.tokenwatch.app'

export function applyAppIdentity(
  app: { setAppUserModelId(id: string): void },
  platform: NodeJS.Platform,
): void {
  if (platform === 'win32') app.setAppUserModelId(APP_ID)
}

/**
 * package.json's productName ("Tokenwatch") is the app's name in macOS's menu, notifications and
 * the Linux tray, and Electron would also name the user data folder after it. The folder stays
 * the one the CLI shares and earlier versions wrote (`tokenwatch`, core/paths.ts).
 */
export function keepUserDataFolder(app: {
  getPath(name: 'appData'): string
  setPath(name: 'userData', path: string): void
}): void {
  app.setPath('userData', join(app.getPath('appData'), APP_NAME))
}
