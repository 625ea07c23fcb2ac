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
  /** View > Hide amounts: every quantity, value and P&L as dots, window and tray. */
  toggleHideAmounts?: () => void
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
        ...(options.toggleHideAmounts
          ? [
              { type: 'separator' as const },
              {
                label: 'Hide amounts',
                // The page's own shortcut (keyboard.ts): shown here, not registered twice.
                accelerator: 'H',
                registerAccelerator: false,
                click: options.toggleHideAmounts,
              },
            ]
          : []),
        ...developer,
      ],
    },
    ...(isMac ? [{ role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []),
  ]
}
