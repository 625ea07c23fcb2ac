import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { importDialogWithFile } from './import-steps'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The add-symbol search, narrow and wide, on a fixed Tuesday morning and a Saturday: a ticker
 * typed as brokers write it that the list already holds ("brk b"), a name another list holds
 * ("coca cola"), Enter on the first, which goes to its row, and an import of such entries.
 * `npx tsx test/e2e/search-shots.ts [folder] [--all]` writes search-*.png (default
 * docs/screenshots): the four that docs keep (each width, each day, each state once), or with
 * --all every state at every width and day, to look at before a change goes in.
 */
const OUT =
  process.argv[2]?.startsWith('--') === false
    ? process.argv[2]
    : join(__dirname, '..', '..', 'docs', 'screenshots')
const ALL = process.argv.includes('--all')
const KEPT = new Set([
  'held-narrow-tuesday',
  'elsewhere-wide-tuesday',
  'gone-to-row-narrow-saturday',
  'held-wide-saturday',
  'import-narrow-tuesday',
  'import-wide-saturday',
])

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of [
      ['tuesday', TUESDAY_LATE_MORNING],
      ['saturday', SATURDAY],
    ] as const) {
      for (const [size, width] of [
        ['narrow', 380],
        ['wide', 1280],
      ] as const) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 520 },
          extraSymbols: ['BRK.Bon'],
        })
        try {
          const { page, core } = harness
          await core.invoke('createList', { name: 'Drinks', symbols: ['KOon'] })
          await core.invoke('setActiveList', { listId: 'l1' })
          await rowOf(page, 'BRK.Bon').waitFor()
          const search = page.locator('#symbol-search')
          // Narrow, the search is an icon until focused.
          await search.focus()
          await search.fill('brk b')
          await page.getByRole('option', { name: /^BRK\.Bon/ }).waitFor()
          const shoot = async (state: string) => {
            const name = `${state}-${size}-${day}`
            if (ALL || KEPT.has(name)) await page.screenshot({ path: join(OUT, `search-${name}.png`) })
          }
          await shoot('held')
          await search.fill('coca cola')
          await page.getByText('in Drinks: add here too').waitFor()
          await shoot('elsewhere')
          await search.fill('brk b')
          await page.getByRole('option', { name: /^BRK\.Bon/ }).waitFor()
          await page.keyboard.press('Enter')
          await page.locator('[role="row"][aria-selected="true"][data-symbol="BRK.Bon"]').waitFor()
          await shoot('gone-to-row')
          const menu = size === 'wide' ? 'Export or import the watchlist' : 'More actions'
          const dialog = await importDialogWithFile(page, menu, {
            name: 'brokers.txt',
            text: 'brk-b\ncoca cola\nbrkb\ngoogle\n',
          })
          await dialog.getByRole('button', { name: 'Import', exact: true }).click()
          await dialog.locator('.import-summary').waitFor()
          await dialog.locator('.import-group').last().scrollIntoViewIfNeeded()
          await shoot('import')
        } finally {
          await harness.close()
        }
      }
    }
  } finally {
    await browser.close()
  }
}

void main()
