// Main runs in this process: in "this computer's time" its refusals are told in this zone, the
// browser's own (Tokyo, never the machine's zone), as the window's times are.
process.env.TZ = 'Asia/Tokyo'

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser, rowOf } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING, type LiveHarness } from './live-sim'

/**
 * The holdings ledger in the window, narrow (380 px) and wide (1280 px), on a fixed Tuesday
 * morning and a fixed Saturday: the ledger dialog with its list, filters and Undo after a deletion,
 * and the detail panel's transactions with a back-dated sell refused under the form; both again
 * with Settings' "Show times in" on this computer's time, in Tokyo, where main's refusal says
 * Tokyo's time as the list does (issue 44 item 14).
 * `npx tsx test/e2e/ledger-shots.ts` writes docs/screenshots/ledger-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')

const TRADES = [
  {
    time: '2026-11-10T09:45:12-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '12.5',
    price: '268.41',
    fee: '1.25',
    note: 'first lot',
  },
  {
    time: '2026-11-12T14:03:55-05:00',
    symbol: 'TSLAon',
    side: 'buy',
    quantity: '3',
    price: '402.1',
    fee: '0.8',
  },
  {
    time: '2026-11-13T10:30:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '0.123456789012345678',
    price: '271.05',
    fee: '0',
  },
  {
    time: '2026-11-16T15:59:01-05:00',
    symbol: 'AAPLon',
    side: 'sell',
    quantity: '4',
    price: '275.9',
    fee: '1.1',
    note: 'trim before earnings',
  },
  {
    time: '2026-11-17T09:31:40-05:00',
    symbol: 'NVDAon',
    side: 'buy',
    quantity: '20',
    price: '187.62',
    fee: '2',
  },
] as const

async function seed(harness: LiveHarness): Promise<void> {
  for (const trade of TRADES) {
    const result = await harness.core.invoke('addTransaction', trade)
    if (!result.ok) throw new Error(result.error.message)
  }
}

async function still(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
  await page.screenshot({ path: join(OUT, name) })
  console.log(`wrote ${name}`)
}

async function shootDialog(page: Page, name: string): Promise<void> {
  await page.locator('body').click({ position: { x: 2, y: 700 } })
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Transactions' })
  await dialog.locator('li[data-transaction="t5"]').waitFor()
  // A deletion just made: its Undo stands in the dialog.
  await dialog
    .locator('li[data-transaction="t5"]')
    .getByRole('button', { name: /^Delete/ })
    .click()
  await dialog.locator('.ledger-undo').waitFor()
  await still(page, name)
  await dialog.locator('.ledger-undo').getByRole('button', { name: 'Undo' }).click()
  await dialog.locator('li[data-transaction="t5"]').waitFor()
  await dialog.getByRole('button', { name: 'Close transactions' }).click()
}

async function shootDetail(page: Page, name: string): Promise<void> {
  // The dialog's deletion toast has had its say.
  for (const dismiss of await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: 'Dismiss' })
    .all())
    await dismiss.click()
  await rowOf(page, 'AAPLon').click()
  await page.keyboard.press('Enter')
  const section = page.locator('aside.detail').getByRole('region', { name: /^Transactions/ })
  await section.locator('li[data-transaction]').first().waitFor()
  await section.getByRole('button', { name: 'Add transaction' }).click()
  const form = section.locator('form.transaction-form')
  await form.getByRole('radio', { name: 'Sell' }).check()
  await form.getByLabel('Time', { exact: true }).fill('2026-11-09T10:00:00-05:00')
  await form.getByLabel('Quantity', { exact: true }).fill('2')
  await form.getByLabel('Price (USD)', { exact: true }).fill('266.5')
  await form.getByRole('button', { name: 'Record transaction' }).click()
  await form.locator('.form-error').waitFor()
  // The panel's own scroller, not the page: the section's head at the top of the panel.
  await section.evaluate((element) => {
    const scroller = element.closest('.detail-scroll')
    if (scroller)
      scroller.scrollTop += element.getBoundingClientRect().top - scroller.getBoundingClientRect().top
  })
  await still(page, name)
}

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of [
      ['tuesday', TUESDAY_LATE_MORNING],
      ['saturday', SATURDAY],
    ] as const)
      for (const [name, width] of NARROW_AND_WIDE)
        for (const timeZone of ['market', 'computer'] as const) {
          const harness = await startLiveHarness({
            browser,
            marketTime,
            viewport: { width, height: 760 },
            ...(timeZone === 'computer' ? { timezoneId: 'Asia/Tokyo', settings: { timeZone } } : {}),
          })
          const zone = timeZone === 'computer' ? '-tokyo' : ''
          try {
            await seed(harness)
            await shootDialog(harness.page, `ledger-dialog${zone}-${day}-${name}.png`)
            await shootDetail(harness.page, `ledger-detail${zone}-${day}-${name}.png`)
          } finally {
            await harness.close()
          }
        }
  } finally {
    await browser.close()
  }
}

void main()
