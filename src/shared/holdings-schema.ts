import { z } from 'zod'
import { Dec, isNonNegativeDecimalString } from './decimal'
import { type DisplayZone, formatFullTime } from './display-time'
import { COST_METHODS, LEDGER_SIDES, QUANTITY_SOURCES, type Transaction } from './holdings'
import { checkSymbol } from './symbols'

/**
 * What a transaction may be, field by field, each refusal in words a person can act on. Used on
 * every way in: the window's commands (the renderer is untrusted), the CLI's flags, a CSV line and
 * holdings.json as read back.
 */

export const MAX_QUANTITY_DECIMALS = 18
export const MAX_NOTE_LENGTH = 500
/** A time may run ahead of the clock by this much (a clock or time zone a little off), no more. */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000
/** More would not fit the 20,000-transaction replay budget (BENCHMARKS.md) with room to spare. */
export const MAX_TRANSACTIONS = 50_000
/** A transactions CSV: 20,000 transactions take about 1.5 MB; a file far beyond that is not a ledger. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024
/** Text over IPC is counted in characters; one is at least one byte in UTF-8. */
export const MAX_CSV_CHARS = MAX_CSV_BYTES
/**
 * A file's bytes over IPC as base64 (4 characters per 3 bytes), so main sees a byte-order mark
 * or another encoding as it is: text read by the page would have lost both already.
 */
export const MAX_CSV_BASE64_CHARS = Math.ceil(MAX_CSV_BYTES / 3) * 4

/** Why a file of this many bytes is too large to be a transactions CSV, or null. */
export function csvSizeProblem(bytes: number): string | null {
  return bytes > MAX_CSV_BYTES
    ? `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a transactions ` +
        `CSV may be at most ${MAX_CSV_BYTES / 1024 / 1024} MB`
    : null
}

/** To the second, optional fraction, and an offset: Z or ±hh:mm. */
const TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/
const NO_OFFSET_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/
const QUANTITY_PATTERN = /^\d{1,22}(?:\.(\d{1,40}))?$/

export const transactionSymbolSchema = z
  .string({ error: 'The symbol is required' })
  .superRefine((symbol, ctx) => {
    const checked = checkSymbol(symbol)
    if (!checked.ok)
      ctx.addIssue({
        code: 'custom',
        message: `"${symbol.slice(0, 20)}" is not a token symbol: ${checked.reason}`,
      })
  })

/**
 * Whether the date and time as written exist (Date.parse takes February 31 as March 3 and 24:00
 * as the next midnight): each part in its range, the day in its month, the offset at most 14 h.
 */
function isRealTime(time: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(
    time,
  )
  if (!parts) return false
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[]
  const inMonth = new Date(Date.UTC(year as number, (month as number) - 1, day)).getUTCDate() === day
  return (
    inMonth &&
    (month as number) >= 1 &&
    (month as number) <= 12 &&
    (hour as number) <= 23 &&
    (minute as number) <= 59 &&
    (second as number) <= 59 &&
    offsetHours <= 14 &&
    offsetMinutes <= 59
  )
}

export const transactionTimeSchema = z.string({ error: 'The time is required' }).superRefine((time, ctx) => {
  if (NO_OFFSET_PATTERN.test(time))
    ctx.addIssue({ code: 'custom', message: `The time "${time}" has no offset: add Z or one like -05:00` })
  else if (!TIME_PATTERN.test(time) || Number.isNaN(Date.parse(time)))
    ctx.addIssue({
      code: 'custom',
      message: `"${time.slice(0, 40)}" is not a time: write it like 2026-01-05T10:30:00-05:00`,
    })
  else if (!isRealTime(time))
    ctx.addIssue({ code: 'custom', message: `${time} is not a date and time that exists` })
  else if (Date.parse(time) < 0) ctx.addIssue({ code: 'custom', message: `${time} is before 1970` })
})

export const quantitySchema = z.string({ error: 'The quantity is required' }).superRefine((quantity, ctx) => {
  const match = QUANTITY_PATTERN.exec(quantity)
  if (quantity.startsWith('-') || (match && new Dec(quantity).isZero()))
    ctx.addIssue({
      code: 'custom',
      message: `The quantity must be more than zero, not ${quantity.slice(0, 40)}`,
    })
  else if (!match)
    ctx.addIssue({
      code: 'custom',
      message: `The quantity "${quantity.slice(0, 40)}" is not a plain decimal number`,
    })
  else if ((match[1]?.length ?? 0) > MAX_QUANTITY_DECIMALS)
    ctx.addIssue({
      code: 'custom',
      message: `The quantity has ${match[1]?.length} decimals; a token has at most ${MAX_QUANTITY_DECIMALS}`,
    })
})

function dollarsSchema(what: string) {
  return z.string({ error: `The ${what} is required` }).superRefine((value, ctx) => {
    const plainDecimal: boolean = isNonNegativeDecimalString(value)
    if (!plainDecimal)
      ctx.addIssue({
        code: 'custom',
        message: `The ${what} "${value.slice(0, 40)}" is not a plain decimal in US dollars (like 182.35)`,
      })
  })
}

export const ledgerSideSchema = z.enum(LEDGER_SIDES, {
  error: 'The side must be buy, sell, transfer-in or transfer-out',
})
export const costMethodSchema = z.enum(COST_METHODS, { error: 'The method must be average or fifo' })
export const quantitySourceSchema = z.enum(QUANTITY_SOURCES, {
  error: 'Quantities come from ledger, wallets or wallets-ledger-cost',
})

const transactionFields = {
  time: transactionTimeSchema,
  symbol: transactionSymbolSchema,
  side: ledgerSideSchema,
  quantity: quantitySchema,
  price: dollarsSchema('price'),
  fee: dollarsSchema('fee'),
  note: z.string().max(MAX_NOTE_LENGTH, `A note has at most ${MAX_NOTE_LENGTH} characters`).nullable(),
}

/** A transfer out's tokens leave at their cost: a price would claim proceeds that never came. */
function requireNoTransferOutPrice(transaction: { side: string; price: string }, ctx: z.RefinementCtx): void {
  if (transaction.side === 'transfer-out' && isNonNegativeDecimalString(transaction.price))
    if (!new Dec(transaction.price).isZero())
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'A transfer out has no price (its tokens leave at their cost): give 0',
      })
}

/** A transaction as entered (window, CLI, CSV line): no id; fee zero and note none when left out. */
export const transactionInputSchema = z
  .object({
    ...transactionFields,
    fee: transactionFields.fee.default('0'),
    note: transactionFields.note.default(null),
  })
  .strict()
  .superRefine(requireNoTransferOutPrice)

export const transactionIdSchema = z.string().regex(/^t[1-9]\d{0,9}$/, 'Not a transaction id (like t12)')

export const transactionSchema = z
  .object({ id: transactionIdSchema, ...transactionFields })
  .strict()
  .superRefine(requireNoTransferOutPrice)

/** holdings.json: the ledger and the next id to give, so a deleted id is never given again. */
export const holdingsFileSchema = z
  .object({
    version: z.literal(1),
    nextId: z.number().int().positive(),
    transactions: z.array(transactionSchema).max(MAX_TRANSACTIONS),
  })
  .strict()
  // A file edited by hand: an id twice would be removed twice at once, an id at or past nextId
  // given again to the next trade.
  .superRefine((file, ctx) => {
    const seen = new Set<string>()
    for (const [index, { id }] of file.transactions.entries()) {
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['transactions', index, 'id'],
          message: `The id ${id} is used twice`,
        })
      else if (Number(id.slice(1)) >= file.nextId)
        ctx.addIssue({
          code: 'custom',
          path: ['nextId'],
          message: `nextId ${file.nextId} is at or below ${id}, an id in use`,
        })
      seen.add(id)
    }
  })
export type HoldingsFileContent = z.output<typeof holdingsFileSchema>

/**
 * Why this time is too far ahead of `nowMs` to be a trade already made, or null; the time said
 * as the ledger's lines say it (with its year, in the zone Settings chose), not as the file stores it.
 */
export function futureTimeProblem(time: string, nowMs: number, zone: DisplayZone): string | null {
  const instant = Date.parse(time)
  return instant - nowMs > MAX_FUTURE_MS
    ? `The time ${formatFullTime(instant, zone, { year: true })} is more than a day in the future`
    : null
}

/** Instant of a transaction for ordering; a checked time always parses. */
export function transactionInstant(transaction: Pick<Transaction, 'time'>): number {
  return Date.parse(transaction.time)
}
