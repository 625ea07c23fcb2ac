import type { MenuItemConstructorOptions } from 'electron'

/**
 * The application menu. Electron's default menu offers Reload and Toggle Developer Tools, which
 * have no place in the installed app; this one keeps what people use: on macOS the app menu
 * (About, Hide, Quit) and Window, everywhere Edit (copy and paste in the settings and search
 * fields) and View's zoom. Reload and the developer tools are added only when not packaged.
 */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform
  isPackaged: boolean
}): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const developer: MenuItemConstructorOptions[] = options.isPackaged
    ? []
    : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }]
  return [
    ...(isMac
      ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions]
      : [
          {
            label: '&File',
            submenu: [{ role: 'close' }, { role: 'quit' }],
          } satisfies MenuItemConstructorOptions,
        ]),
    { role: 'editMenu' },
    {
      label: isMac ? 'View' : '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...developer,
      ],
    },
    ...(isMac ? [{ role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []),
  ]
}
