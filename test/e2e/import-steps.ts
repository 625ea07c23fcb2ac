import type { Locator, Page } from 'playwright-core'

/** The button whose menu holds Import…: the file menu, or the header's overflow menu when narrow. */
export type ImportMenu = 'Export or import the watchlist' | 'More actions'

/**
 * Opens Import… from `menu` and picks a file holding `text`, as a person does; returns the dialog,
 * its Import button not yet pressed.
 */
export async function importDialogWithFile(
  page: Page,
  menu: ImportMenu,
  file: { name: string; text: string; mimeType?: string },
): Promise<Locator> {
  await page.getByRole('button', { name: menu }).click()
  await page.getByRole('menuitem', { name: 'Import…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import a watchlist' })
  await dialog.getByLabel('File').setInputFiles({
    name: file.name,
    mimeType: file.mimeType ?? 'text/plain',
    buffer: Buffer.from(file.text),
  })
  return dialog
}
