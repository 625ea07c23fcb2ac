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
