import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../src/shared/holdings'
import { rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { violations } from './axe-violations'

/**
 * The holdings ledger in the window, in real Chromium against a real AppCore on a fixed Tuesday
 * (11:32 ET, 17 November 2026): the ledger dialog and the detail panel's transactions, add, edit,
 * delete with Undo, main's refusals shown where they were asked, CSV import and export.
 */

const harnesses = harnessPerTest<LiveHarness>()
const SOON = { timeout: 15_000 }

function open(viewport = { width: 1280, height: 760 }): Promise<LiveHarness> {
  return harnesses.open((browser) => startLiveHarness({ browser, viewport }))
}

const ledgerDialog = (page: Page) => page.getByRole('dialog', { name: 'Transactions' })
const item = (scope: Page | Locator, id: string) => scope.locator(`li[data-transaction="${id}"]`)

async function openLedger(page: Page): Promise<Locator> {
  // The T key, from the page (no field focused).
  await page.locator('body').click({ position: { x: 5, y: 740 } })
  await page.keyboard.press('t')
  const dialog = ledgerDialog(page)
  await dialog.waitFor()
  return dialog
}

interface Trade {
  symbol?: string
  side?: 'Buy' | 'Sell' | 'Transfer in' | 'Transfer out'
  time?: string
  quantity?: string
  price?: string
  fee?: string
  note?: string
}

/** Fills the transaction form shown in `scope` (only the fields given) and submits it. */
async function fillTrade(scope: Locator, trade: Trade, submit = 'Record transaction'): Promise<Locator> {
  const form = scope.locator('form.transaction-form')
  if (trade.side) await form.getByRole('radio', { name: trade.side }).check()
  const fields: [keyof Trade, string][] = [
    ['symbol', 'Symbol'],
    ['time', 'Time'],
    ['quantity', 'Quantity'],
    ['price', trade.side === 'Transfer in' ? 'Cost basis (USD)' : 'Price (USD)'],
    ['fee', 'Fee (USD)'],
    ['note', 'Note (optional)'],
  ]
  for (const [field, label] of fields) {
    const value = trade[field]
    if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value)
  }
  await form.getByRole('button', { name: submit }).click()
  return form
}

/** Opens AAPLon's detail panel with no transactions and its transaction form; answers its section. */
async function openPanelForm(page: Page): Promise<Locator> {
  await rowOf(page, 'AAPLon').click()
  await page.keyboard.press('Enter')
  const section = page.locator('aside.detail').getByRole('region', { name: /^Transactions/ })
  await section.getByText('No transactions in AAPLon.').waitFor()
  // The open form disables its button. On a loaded machine a click during the panel's first
  // layout changes (chart, depth) was once lost: click until the button says the form is open.
  const add = section.getByRole('button', { name: 'Add transaction' })
  await expect
    .poll(async () => {
      if (await add.isEnabled()) await add.click()
      return add.isDisabled()
    }, SOON)
    .toBe(true)
  return section
}

function ledgerOf(harness: LiveHarness): Transaction[] {
  return harness.core.holdings.transactions()
}

describe('the ledger dialog', () => {
  it('opens with Shift+T too: the shortcuts list shows the key as a capital', async () => {
    const { page } = await open()
    await page.locator('body').click({ position: { x: 5, y: 740 } })
    await page.keyboard.press('Shift+T')
    await expect.poll(() => ledgerDialog(page).isVisible(), SOON).toBe(true)
  })

  it('adds, refuses bad input under its field, edits, deletes and puts back exactly with Undo', async () => {
    const harness = await open()
    const { page } = harness
    const dialog = await openLedger(page)
    await expect.poll(() => dialog.getByRole('status').textContent(), SOON).toBe('0 transactions')

    await dialog.getByRole('button', { name: 'Add transaction' }).click()
    // Bad input: each message under its field, nothing sent.
    const form = await fillTrade(dialog, {
      symbol: 'AAPLon',
      time: '2026-11-16T10:00:00',
      quantity: '0',
      price: '1e3',
      fee: '-1',
    })
    const errorOf = (label: string) =>
      form
        .locator('.field', { has: page.getByLabel(label, { exact: true }) })
        .locator('.field-error')
        .textContent()
    expect(await errorOf('Time')).toBe(
      'The time "2026-11-16T10:00:00" has no offset: add Z or one like -05:00',
    )
    expect(await errorOf('Quantity')).toBe('The quantity must be more than zero, not 0')
    expect(await errorOf('Price (USD)')).toBe(
      'The price "1e3" is not a plain decimal in US dollars (like 182.35)',
    )
    expect(await errorOf('Fee (USD)')).toBe('The fee "-1" is not a plain decimal in US dollars (like 182.35)')
    await fillTrade(dialog, {
      quantity: '1.1234567890123456789',
      time: '2026-11-18T11:40:00-05:00',
      price: '100',
      fee: '1',
    })
    expect(await errorOf('Quantity')).toBe('The quantity has 19 decimals; a token has at most 18')
    expect(await errorOf('Time')).toBe('The time Nov 18, 2026, 11:40:00 ET is more than a day in the future')
    expect(ledgerOf(harness)).toEqual([])
    // The dialog with its form and messages: no moderate or worse accessibility finding.
    expect(await violations(page, 'dialog[open]')).toEqual([])

    await fillTrade(dialog, { quantity: '3', time: '2026-11-16T10:00:00-05:00', note: 'first lot' })
    await item(dialog, 't1').waitFor()
    await dialog.getByRole('button', { name: 'Add transaction' }).click()
    await fillTrade(dialog, {
      symbol: 'AAPLon',
      side: 'Sell',
      time: '2026-11-17T10:00:00-05:00',
      quantity: '2',
      price: '110',
    })
    await item(dialog, 't2').waitFor()
    expect(ledgerOf(harness).map((t) => [t.id, t.side, t.quantity, t.fee, t.note])).toEqual([
      ['t1', 'buy', '3', '1', 'first lot'],
      ['t2', 'sell', '2', '0', null],
    ])

    // An edit that would make the later sell larger than its holding: refused, in main's words.
    await item(dialog, 't1').getByRole('button', { name: /^Edit/ }).click()
    const edit = await fillTrade(dialog, { quantity: '1' }, 'Save changes')
    await expect
      .poll(() => edit.locator('.form-error').textContent(), SOON)
      .toBe(
        'Not changed: The sell of 2 AAPLon at Nov 17, 2026, 10:00:00 ET is more than the 1 AAPLon held then.',
      )
    await fillTrade(dialog, { quantity: '4' }, 'Save changes')
    await edit.waitFor({ state: 'detached' })
    expect(ledgerOf(harness)[0]?.quantity).toBe('4')

    // Filter and sort.
    await dialog.getByLabel('Side').selectOption('sell')
    await expect.poll(() => dialog.locator('li[data-transaction]').count(), SOON).toBe(1)
    await dialog.getByLabel('Side').selectOption('')
    await dialog.getByLabel('Sort by').selectOption('amount')
    // Amounts 400 (buy) and 220 (sell), largest first.
    expect(
      await dialog
        .locator('li[data-transaction]')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-transaction'))),
    ).toEqual(['t1', 't2'])
    await dialog.getByRole('button', { name: /sort ascending/ }).click()
    await expect
      .poll(
        () =>
          dialog
            .locator('li[data-transaction]')
            .evaluateAll((items) => items.map((li) => li.getAttribute('data-transaction'))),
        SOON,
      )
      .toEqual(['t2', 't1'])
    await dialog.getByLabel('Find').fill('first')
    await expect.poll(() => dialog.locator('li[data-transaction]').count(), SOON).toBe(1)
    await dialog.getByLabel('Find').fill('')

    // Deleting the buy would leave the sell without tokens: refused under its line.
    await item(dialog, 't1')
      .getByRole('button', { name: /^Delete/ })
      .click()
    await expect
      .poll(() => item(dialog, 't1').locator('.transaction-refusal').textContent(), SOON)
      .toBe(
        'Not deleted: The sell of 2 AAPLon at Nov 17, 2026, 10:00:00 ET is more than the 0 AAPLon held then.',
      )

    // Deleting the sell: gone, and Undo puts it back exactly (same id, same place).
    const before = structuredClone(ledgerOf(harness))
    await item(dialog, 't2')
      .getByRole('button', { name: /^Delete/ })
      .click()
    await item(dialog, 't2').waitFor({ state: 'detached' })
    expect(ledgerOf(harness).map((t) => t.id)).toEqual(['t1'])
    // Undo in the dialog itself (a modal dialog leaves the page's toasts out of reach).
    await dialog.locator('.ledger-undo').getByRole('button', { name: 'Undo' }).click()
    await item(dialog, 't2').waitFor()
    expect(ledgerOf(harness)).toEqual(before)
    await dialog.locator('.ledger-undo').waitFor({ state: 'detached' })
    // And from the toast, once the dialog is closed.
    await item(dialog, 't2')
      .getByRole('button', { name: /^Delete/ })
      .click()
    await item(dialog, 't2').waitFor({ state: 'detached' })
    await dialog.getByRole('button', { name: 'Close transactions' }).click()
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Undo' })
      .last()
      .click()
    await expect.poll(() => ledgerOf(harness), SOON).toEqual(before)

    // A symbol the service does not list is kept, and said in the dialog (the toast is behind it).
    const reopened = await openLedger(page)
    await reopened.getByRole('button', { name: 'Add transaction' }).click()
    await fillTrade(reopened, { symbol: 'GONEon', quantity: '1', price: '1' })
    await expect
      .poll(() => reopened.locator('.field-hint.warning').textContent(), SOON)
      .toBe(
        "GONEon is not in the service's listing (it may have been delisted); " +
          'the transaction is kept, but the position has no price to be valued at',
      )
    expect(ledgerOf(harness).map((t) => t.symbol)).toEqual(['AAPLon', 'AAPLon', 'GONEon'])
  })

  it(
    'imports a CSV all or nothing, every bad line listed, duplicates ' + 'reported, and exports the ledger',
    async () => {
      const harness = await open()
      const { page } = harness
      const dialog = await openLedger(page)
      const importFile = (name: string, buffer: Buffer | string) =>
        dialog
          .getByLabel('Transactions CSV to import')
          .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(buffer) })
      const good = [
        'time,symbol,side,quantity,price,fee,note',
        '2026-11-16T10:00:00-05:00,AAPLon,buy,2.5,100,1,"first, lot"',
        '2026-11-16T11:00:00-05:00,TSLAon,buy,1,400,,',
      ]
      const bad = [
        ...good,
        '2026-11-16T12:00:00,AAPLon,buy,1,100,,',
        '2026-11-16T12:00:00Z,AAPLon,hold,1,100,,',
        '2026-11-16T13:00:00Z,AAPLon,sell,-1,100,,',
      ]
      await importFile('bad.csv', `${bad.join('\n')}\n`)
      const report = dialog.getByRole('region', { name: 'Import result' })
      await expect
        .poll(() => report.locator('.form-error').textContent(), SOON)
        .toBe('Nothing imported: 3 problems in the file, listed below.')
      expect(await report.locator('tbody tr').allInnerTexts()).toEqual([
        '4\ttime: The time "2026-11-16T12:00:00" has no offset: add Z or one like -05:00',
        '5\tside: The side must be buy, sell, transfer-in or transfer-out',
        '6\tquantity: The quantity must be more than zero, not -1',
      ])
      expect(ledgerOf(harness)).toEqual([])

      // A byte-order mark, another encoding and a file far too large each get their own message.
      await importFile(
        'bom.csv',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${good.join('\n')}\n`)]),
      )
      await expect
        .poll(() => report.locator('tbody tr').allInnerTexts(), SOON)
        .toEqual([
          'file\tThe file starts with a byte-order mark; save it as UTF-8 without one and import it again',
        ])
      await importFile('utf16.csv', Buffer.from(`\ufeff${good.join('\n')}\n`, 'utf16le'))
      await expect
        .poll(() => report.locator('tbody tr').allInnerTexts(), SOON)
        .toEqual([
          'file\tThe file is UTF-16 text; save it as UTF-8 (without a byte-order mark) and import it again',
        ])
      const folder = await mkdtemp(join(tmpdir(), 'tokenwatch-ledger-'))
      try {
        const huge = join(folder, 'huge.csv')
        await writeFile(huge, Buffer.alloc(50 * 1024 * 1024, 0x41))
        await dialog.getByLabel('Transactions CSV to import').setInputFiles(huge)
        await expect
          .poll(() => dialog.locator('p.form-error[role="alert"]').textContent(), SOON)
          .toBe('Nothing imported: huge.csv: The file is 50.0 MB; a transactions CSV may be at most 10 MB')
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
      expect(ledgerOf(harness)).toEqual([])

      await importFile('good.csv', `${good.join('\n')}\n`)
      await expect
        .poll(() => report.locator('.import-summary').textContent(), SOON)
        .toBe('Imported 2 transactions.')
      await importFile('good.csv', `${good.join('\n')}\n`)
      await expect
        .poll(() => report.locator('.import-summary').textContent(), SOON)
        .toBe('Imported 0 transactions; 2 lines already recorded, not added again.')
      expect(
        await report
          .getByRole('list', { name: 'Already recorded, not added again' })
          .getByRole('listitem')
          .allInnerTexts(),
      ).toEqual([
        'line 2: already recorded as t1, not added again',
        'line 3: already recorded as t2, not added again',
      ])
      expect(ledgerOf(harness)).toHaveLength(2)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('tokenwatch-transactions-2026-11-17.csv')
      expect(await readFile(await download.path(), 'utf8')).toBe(
        'time,symbol,side,quantity,price,fee,note\r\n' +
          '2026-11-16T10:00:00-05:00,AAPLon,buy,2.5,100,1,"first, lot"\r\n' +
          '2026-11-16T11:00:00-05:00,TSLAon,buy,1,400,0,\r\n',
      )
    },
  )
})

describe("the detail panel's transactions", () => {
  it('records a buy from now in market time, and shows a back-dated sell refused inline', async () => {
    const harness = await open()
    const { page } = harness
    const section = await openPanelForm(page)
    // Now, to the second, in market time with its offset: 11:32 ET on the fixed Tuesday.
    expect(await section.getByLabel('Time', { exact: true }).inputValue()).toMatch(
      /^2026-11-17T11:3\d:\d\d-05:00$/,
    )
    expect(await section.getByLabel('Fee (USD)', { exact: true }).inputValue()).toBe('0')
    await fillTrade(section, { time: '2026-11-16T10:00:00-05:00', quantity: '1', price: '100' })
    await item(section, 't1').waitFor()

    await section.getByRole('button', { name: 'Add transaction' }).click()
    const form = await fillTrade(section, {
      side: 'Sell',
      time: '2026-11-13T10:00:00-05:00',
      quantity: '1',
      price: '90',
    })
    await expect
      .poll(() => form.locator('.form-error').textContent(), SOON)
      .toBe(
        'Not added: The sell of 1 AAPLon at Nov 13, 2026, 10:00:00 ET is more than the 0 AAPLon held then.',
      )
    expect(ledgerOf(harness).map((t) => t.id)).toEqual(['t1'])

    // The same sell after the buy stands, and the list shows it first (newest first).
    await fillTrade(section, { time: '2026-11-17T10:00:00-05:00' })
    await item(section, 't2').waitFor()
    expect(
      await section
        .locator('li[data-transaction]')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-transaction'))),
    ).toEqual(['t2', 't1'])
  })
})

describe('transfers (issue 48)', () => {
  it('records a transfer in at a cost basis, and a transfer out with no price field', async () => {
    const harness = await open()
    const { page } = harness
    const section = await openPanelForm(page)
    await fillTrade(section, {
      side: 'Transfer in',
      time: '2026-11-16T10:00:00-05:00',
      quantity: '3.5',
      price: '100.10',
      note: 'from Cold',
    })
    await item(section, 't1').waitFor()
    const words = (id: string) =>
      item(section, id)
        .locator('.transaction-main > *')
        .evaluateAll((parts) => parts.map((part) => part.textContent).join(' '))
    expect(await words('t1')).toMatch(/^Transfer in 3\.5 cost basis 100\.10 = \$?350\.35$/)

    await section.getByRole('button', { name: 'Add transaction' }).click()
    const form = section.locator('form.transaction-form')
    await form.getByRole('radio', { name: 'Transfer out' }).check()
    expect(await form.getByLabel('Price (USD)', { exact: true }).count()).toBe(0)
    await fillTrade(section, { side: 'Transfer out', time: '2026-11-16T15:00:00-05:00', quantity: '1.25' })
    await item(section, 't2').waitFor()
    expect(await words('t2')).toBe('Transfer out 1.25 at their cost')
    expect(ledgerOf(harness).map((t) => [t.side, t.quantity, t.price])).toEqual([
      ['transfer-in', '3.5', '100.10'],
      ['transfer-out', '1.25', '0'],
    ])

    // The ledger dialog filters by the new sides.
    await page.keyboard.press('Escape')
    const dialog = await openLedger(page)
    await dialog.getByLabel('Side').selectOption('transfer-out')
    await expect.poll(() => dialog.locator('li[data-transaction]').count(), SOON).toBe(1)
    await item(dialog, 't2').waitFor()
  })
})

describe('the cost method', () => {
  it('is average cost until FIFO is chosen in the settings', async () => {
    const harness = await open()
    const { page } = harness
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    const method = settings.getByRole('group', { name: 'Cost of the tokens sold' })
    expect(await method.getByRole('radio', { name: /^Average cost/ }).isChecked()).toBe(true)
    await method.getByRole('radio', { name: /^First in, first out/ }).check()
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await settings.waitFor({ state: 'detached' })
    expect(harness.core.settings.get().costMethod).toBe('fifo')
  })
})
