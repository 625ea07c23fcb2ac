// First: zod must be told about the CSP before the shared holdings module builds its schemas.
import '../zod-csp'
import type { DisplayZone } from '../../shared/display-time'
import type { Transaction, TransactionInput } from '../../shared/holdings'
import { futureTimeProblem, transactionInputSchema } from '../../shared/holdings-schema'
import type { IpcError } from '../../shared/ipc-contract'
import { marketTimeIso } from './ledger-view'

/**
 * The transaction form's values as typed, their checks and the transaction they make. The checks
 * are the contract's own schema (holdings-schema.ts), so the form refuses exactly what main would,
 * each message under its field; main checks again anyway (and against the whole ledger), and its
 * refusal is shown the same way.
 */

export interface TransactionDraft {
  time: string
  symbol: string
  side: string
  quantity: string
  price: string
  fee: string
  note: string
}

export type TransactionField = keyof TransactionDraft
export type TransactionErrors = Partial<Record<TransactionField, string>>

const FIELD_NAMES: Record<TransactionField, string> = {
  time: 'time',
  symbol: 'symbol',
  side: 'side',
  quantity: 'quantity',
  price: 'price',
  fee: 'fee',
  note: 'note',
}

/** A new buy of `symbol` now, in market time; fee zero. */
export function newDraft(symbol: string, nowMs: number): TransactionDraft {
  return { time: marketTimeIso(nowMs), symbol, side: 'buy', quantity: '', price: '', fee: '0', note: '' }
}

export function draftOf(transaction: Transaction): TransactionDraft {
  return {
    time: transaction.time,
    symbol: transaction.symbol,
    side: transaction.side,
    quantity: transaction.quantity,
    price: transaction.price,
    fee: transaction.fee,
    note: transaction.note ?? '',
  }
}

function isField(name: unknown): name is TransactionField {
  return typeof name === 'string' && Object.hasOwn(FIELD_NAMES, name)
}

/** The transaction the draft makes, or each field's reason it cannot be recorded. */
export function checkDraft(
  draft: TransactionDraft,
  nowMs: number,
  zone: DisplayZone,
): { ok: true; input: TransactionInput } | { ok: false; errors: TransactionErrors } {
  const errors: TransactionErrors = {}
  // A transfer out has no price (its tokens leave at their cost): the form hides the field.
  const price = draft.side === 'transfer-out' ? '0' : draft.price.trim()
  for (const field of ['time', 'symbol', 'quantity'] as const)
    if (draft[field].trim() === '') errors[field] = `Enter the ${FIELD_NAMES[field]}`
  if (price === '') errors.price = `Enter the ${draft.side === 'transfer-in' ? 'cost basis' : 'price'}`
  const fields = {
    time: draft.time.trim(),
    symbol: draft.symbol.trim(),
    side: draft.side,
    quantity: draft.quantity.trim(),
    price,
    // A fee left empty is no fee.
    fee: draft.fee.trim() === '' ? '0' : draft.fee.trim(),
    note: draft.note.trim() === '' ? null : draft.note.trim(),
  }
  const checked = transactionInputSchema.safeParse(fields)
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = issue.path[0]
      if (isField(field) && errors[field] === undefined) errors[field] = issue.message
    }
  // A time that reads is also checked against the clock, whatever the other fields say.
  if (errors.time === undefined) {
    const future = futureTimeProblem(fields.time, nowMs, zone)
    if (future) errors.time = future
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { ok: false, errors }
  return { ok: true, input: checked.data }
}

/**
 * Main's refusal in the form's words: under the field it names (`error.field`, "quantity" or
 * "transaction.quantity"; a time too far ahead by its words), else one sentence for the whole form
 * (a sell larger than the holding at its time, named by main with that holding).
 */
export function refusalOf(error: Pick<IpcError, 'message' | 'field'>): {
  errors: TransactionErrors
  text: string | null
} {
  const field = error.field?.split('.').find(isField)
  if (field) return { errors: { [field]: error.message }, text: null }
  if (/^The time .* in the future$/.test(error.message))
    return { errors: { time: error.message }, text: null }
  return { errors: {}, text: error.message }
}
