import { join } from 'node:path'

/**
 * The tray image files for each platform (made by scripts/render-icons.ts, shipped in resources):
 * macOS gets template images, which the menu bar colours for its light and dark appearance;
 * Windows an ICO with every display scale's size; Linux a badge legible on light and dark panels.
 * Electron picks the @2x PNGs beside a PNG by itself.
 */
export function trayIconFiles(
  resourcesDir: string,
  platform: NodeJS.Platform,
): { normal: string; unread: string } {
  const [normal, unread] =
    platform === 'darwin'
      ? ['trayTemplate.png', 'tray-unreadTemplate.png']
      : platform === 'win32'
        ? ['tray.ico', 'tray-unread.ico']
        : ['tray.png', 'tray-unread.png']
  return { normal: join(resourcesDir, normal), unread: join(resourcesDir, unread) }
}
