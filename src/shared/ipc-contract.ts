import { z } from 'zod'
import type { ListedAsset, Snapshot } from './domain'
import type { PackedDelta } from './packed-histories'
import {
  type EventName as ChannelEventName,
  type InvokeName as ChannelInvokeName,
  eventChannels as EV,
  invokeChannels as CH,
} from './ipc-channels'
import { type Alert, type AlertLogEntry, alertCommandArgs } from './alerts'
import { MAX_IMPORT_CHARS } from './export-format'
import { HISTORY_RANGES, type HistorySeries } from './history'
import { PORTFOLIO_RANGES } from './portfolio'
import type { PortfolioChartView } from './portfolio-chart-view'
import { isHistoryCsv, MAX_HISTORY_CSV_CHARS } from './history-csv'
import type { CapacityView, DividendsView } from './service-status'
import type { DepthView } from './depth'
import type { AtBidsView } from './at-bids'
import type { DayCandlesView } from './day-candles'
import type { AppStatus, KeyStatus } from './status'
import {
  addWalletArgs,
  removeWalletArgs,
  setWalletNodeArgs,
  type WalletBalancesView,
  type WalletsView,
} from './wallets'
import type { ExportResult, ImportResult } from './transfer'
import type {
  HoldingsReport,
  LedgerView,
  PortfolioUpdate,
  RemovedTransaction,
  TransactionsImportResult,
} from './holdings'
import {
  costMethodSchema,
  MAX_CSV_BASE64_CHARS,
  MAX_CSV_CHARS,
  MAX_TRANSACTIONS,
  transactionIdSchema,
  transactionInputSchema,
  transactionSchema,
} from './holdings-schema'
import {
  listIdSchema,
  listNameSchema,
  listViewPatchSchema,
  MAX_WATCHLIST,
  type Settings,
  settingsPatchSchema,
  symbolSchema,
} from './settings'

/**
 * The one IPC contract between main and the renderer. Every invoke channel names its argument
 * schema (checked in main: the renderer is untrusted) and its result type; every pushed event
 * names its payload. The preload builds the renderer's API from this table, so no channel name
 * is ever chosen by the renderer.
 */

/** Every answer crosses IPC as a value, never as a thrown Error (Electron flattens those). */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }
export interface IpcError {
  code: 'invalid-argument' | 'not-found' | 'unavailable' | 'failed'
  /** A sentence for the person: it never names an internal field. */
  message: string
  /** Which argument was refused ("toIndex", "key"), for logs and tests; never shown. */
  field?: string
}

export interface AlertEvent {
  entry: AlertLogEntry
  unreadAlerts: number
}

/** A type-only marker for a channel's result: main's answers are trusted, so they are not parsed. */
const returns = <T>() => null as unknown as T

const noArgs = z.undefined()
/** A symbol command acts on the list named, or (none named) on the active list. */
const symbolArg = z.object({ symbol: symbolSchema, listId: listIdSchema.optional() }).strict()
const listArg = z.object({ listId: listIdSchema }).strict()
const positionSchema = z.number().int().min(0).max(10_000)

export const invokeContract = {
  /**
   * The whole snapshot, or (`history: false`) everything but the 24h histories, which are most of
   * its bytes: the window's first frame needs prices, and fills in the sparklines a moment later.
   */
  getSnapshot: {
    channel: CH.getSnapshot,
    args: z.object({ history: z.boolean() }).strict().optional(),
    result: returns<Snapshot>(),
  },
  getStatus: { channel: CH.getStatus, args: noArgs, result: returns<AppStatus>() },
  /** The symbol commands answer with the symbols of the list they changed. */
  addSymbol: { channel: CH.addSymbol, args: symbolArg, result: returns<string[]>() },
  /** `deleteAlerts`: the person chose to delete the symbol's alerts with it (else they keep it polled). */
  removeSymbol: {
    channel: CH.removeSymbol,
    args: symbolArg.extend({ deleteAlerts: z.boolean().optional() }).strict(),
    result: returns<string[]>(),
  },
  moveSymbol: {
    channel: CH.moveSymbol,
    args: symbolArg.extend({ toIndex: positionSchema }).strict(),
    result: returns<string[]>(),
  },
  /** The list commands answer with the whole settings (lists and the active one). */
  createList: {
    channel: CH.createList,
    args: z
      .object({ name: listNameSchema, symbols: z.array(symbolSchema).max(MAX_WATCHLIST).optional() })
      .strict(),
    result: returns<Settings>(),
  },
  renameList: {
    channel: CH.renameList,
    args: listArg.extend({ name: listNameSchema }).strict(),
    result: returns<Settings>(),
  },
  moveList: {
    channel: CH.moveList,
    args: listArg.extend({ toIndex: positionSchema }).strict(),
    result: returns<Settings>(),
  },
  deleteList: { channel: CH.deleteList, args: listArg, result: returns<Settings>() },
  /** Undo of a delete in this run: the list comes back where it was. */
  restoreList: { channel: CH.restoreList, args: listArg, result: returns<Settings>() },
  setActiveList: { channel: CH.setActiveList, args: listArg, result: returns<Settings>() },
  /** A list's own columns and sort. */
  updateList: {
    channel: CH.updateList,
    args: listArg.extend(listViewPatchSchema.shape).strict(),
    result: returns<Settings>(),
  },
  getSettings: { channel: CH.getSettings, args: noArgs, result: returns<Settings>() },
  updateSettings: { channel: CH.updateSettings, args: settingsPatchSchema, result: returns<Settings>() },
  setKey: {
    channel: CH.setKey,
    args: z
      .object({
        key: z
          .string()
          .trim()
          .min(8, { message: 'an API key is at least 8 characters' })
          .max(512, { message: 'an API key is at most 512 characters' })
          .regex(/^[\x21-\x7e]+$/, { message: 'an API key has no spaces or special characters' }),
      })
      .strict(),
    result: returns<KeyStatus>(),
  },
  clearKey: { channel: CH.clearKey, args: noArgs, result: returns<KeyStatus>() },
  getKeyStatus: { channel: CH.getKeyStatus, args: noArgs, result: returns<KeyStatus>() },
  refreshNow: { channel: CH.refreshNow, args: noArgs, result: returns<null>() },
  togglePin: { channel: CH.togglePin, args: noArgs, result: returns<boolean>() },
  setPaused: {
    channel: CH.setPaused,
    args: z.object({ paused: z.boolean() }).strict(),
    result: returns<boolean>(),
  },
  setWindowVisible: {
    channel: CH.setWindowVisible,
    args: z.object({ visible: z.boolean() }).strict(),
    result: returns<null>(),
  },
  /** The page reports the browser's online/offline events: polling pauses while offline. */
  setOnline: {
    channel: CH.setOnline,
    args: z.object({ online: z.boolean() }).strict(),
    result: returns<null>(),
  },
  /**
   * The page is live: its listeners are in place and its own frame is on screen, so main may send
   * what it held for it (once per page load; a reloaded page says it again). See page-messages.ts.
   */
  pageLive: { channel: CH.pageLive, args: noArgs, result: returns<null>() },
  listAssets: { channel: CH.listAssets, args: noArgs, result: returns<ListedAsset[]>() },
  listAlerts: { channel: CH.listAlerts, args: noArgs, result: returns<Alert[]>() },
  createAlert: { channel: CH.createAlert, args: alertCommandArgs.create, result: returns<Alert[]>() },
  updateAlert: { channel: CH.updateAlert, args: alertCommandArgs.update, result: returns<Alert[]>() },
  setAlertEnabled: {
    channel: CH.setAlertEnabled,
    args: alertCommandArgs.setEnabled,
    result: returns<Alert[]>(),
  },
  removeAlert: { channel: CH.removeAlert, args: alertCommandArgs.remove, result: returns<Alert[]>() },
  getAlertLog: { channel: CH.getAlertLog, args: noArgs, result: returns<AlertLogEntry[]>() },
  markAlertsRead: { channel: CH.markAlertsRead, args: noArgs, result: returns<AlertLogEntry[]>() },
  /** The enabled depth alerts that cannot fire now, by id, with why (what `alertsIdle` pushes). */
  getIdleAlerts: { channel: CH.getIdleAlerts, args: noArgs, result: returns<Record<string, string>>() },
  exportWatchlist: {
    channel: CH.exportWatchlist,
    /** `withWallets`: the JSON carries the watched wallets too (personal data: only when asked). */
    args: z.object({ format: z.enum(['csv', 'json']), withWallets: z.boolean().optional() }).strict(),
    result: returns<ExportResult>(),
  },
  importWatchlist: {
    channel: CH.importWatchlist,
    args: z
      .object({
        text: z
          .string()
          .max(MAX_IMPORT_CHARS, { message: 'that file is too large to be a watchlist (1 MB at most)' }),
        /**
         * Into an existing list, or a new one by this name; by default, the shown list. A Tokenwatch
         * export with several watchlists ignores it: each goes into the list of its own name.
         */
        into: z
          .union([
            z.object({ listId: listIdSchema }).strict(),
            z.object({ newList: listNameSchema }).strict(),
          ])
          .optional(),
      })
      .strict(),
    result: returns<ImportResult>(),
  },
  listTransactions: { channel: CH.listTransactions, args: noArgs, result: returns<LedgerView>() },
  addTransaction: { channel: CH.addTransaction, args: transactionInputSchema, result: returns<LedgerView>() },
  editTransaction: {
    channel: CH.editTransaction,
    args: z.object({ id: transactionIdSchema, transaction: transactionInputSchema }).strict(),
    result: returns<LedgerView>(),
  },
  removeTransaction: {
    channel: CH.removeTransaction,
    args: z.object({ id: transactionIdSchema }).strict(),
    result: returns<RemovedTransaction>(),
  },
  /** Undo of a deletion: the transaction goes back through the same checks as any other change. */
  restoreTransaction: {
    channel: CH.restoreTransaction,
    args: z
      .object({ transaction: transactionSchema, index: z.number().int().min(0).max(MAX_TRANSACTIONS) })
      .strict(),
    result: returns<LedgerView>(),
  },
  /**
   * A CSV as text (the CLI, pasted), or a file's bytes as base64 (the window), so a byte-order mark
   * or another encoding reaches the core's check as it is.
   */
  importTransactions: {
    channel: CH.importTransactions,
    args: z.union([
      z
        .object({
          text: z.string().max(MAX_CSV_CHARS, {
            message: 'that file is too large to be a transactions CSV (10 MB at most)',
          }),
        })
        .strict(),
      z
        .object({
          base64: z
            .string()
            .max(MAX_CSV_BASE64_CHARS, {
              message: 'that file is too large to be a transactions CSV (10 MB at most)',
            })
            .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'the file did not arrive whole' }),
        })
        .strict(),
    ]),
    result: returns<TransactionsImportResult>(),
  },
  exportTransactions: { channel: CH.exportTransactions, args: noArgs, result: returns<ExportResult>() },
  getHoldings: {
    channel: CH.getHoldings,
    args: z.object({ method: costMethodSchema.optional() }).strict(),
    result: returns<HoldingsReport>(),
  },
  /** The positions main keeps valued at the latest quotes (what the `portfolio` event pushes). */
  getPortfolio: { channel: CH.getPortfolio, args: noArgs, result: returns<PortfolioUpdate>() },
  /** The portfolio over a range, for the Holdings tab's chart (issue #49): figures bounded for the window. */
  getPortfolioHistory: {
    channel: CH.getPortfolioHistory,
    args: z.object({ range: z.enum(PORTFOLIO_RANGES) }).strict(),
    result: returns<PortfolioChartView>(),
  },
  /**
   * The detail panel shows `symbol` and is visible (null: closed or hidden): main asks that
   * symbol's trading capacity, and no other. Answers the last capacity known for it.
   */
  setDetailOpen: {
    channel: CH.setDetailOpen,
    args: z.object({ symbol: symbolSchema.nullable() }).strict(),
    result: returns<CapacityView | null>(),
  },
  /** The detail panel shows `symbol` (null: closed): its depth ladder alone streams (the `depth` event). */
  setDepthSymbol: {
    channel: CH.setDepthSymbol,
    args: z.object({ symbol: symbolSchema.nullable() }).strict(),
    result: returns<null>(),
  },
  /** The held positions valued at their bids (what the `atBids` event pushes). */
  getAtBids: { channel: CH.getAtBids, args: noArgs, result: returns<AtBidsView>() },
  /** The detail's 1D chart shows `symbol` (null: none): its live minute alone streams (`dayCandles`). */
  setChartSymbol: {
    channel: CH.setChartSymbol,
    args: z.object({ symbol: symbolSchema.nullable() }).strict(),
    result: returns<null>(),
  },
  /** Ask the open symbol's capacity again (no sooner than 15 s after the last ask). */
  refreshCapacity: { channel: CH.refreshCapacity, args: noArgs, result: returns<null>() },
  /** `purpose`: the detail panel (a minute old at most) or the yield column (a day). */
  getDividends: {
    channel: CH.getDividends,
    args: z.object({ symbol: symbolSchema, purpose: z.enum(['detail', 'column']) }).strict(),
    result: returns<DividendsView>(),
  },
  /** One symbol's history over a range: asked on demand, for the detail chart only. */
  getHistory: {
    channel: CH.getHistory,
    args: z.object({ symbol: symbolSchema, range: z.enum(HISTORY_RANGES) }).strict(),
    result: returns<HistorySeries>(),
  },
  /**
   * The detail chart's shown range as CSV (history-csv.ts), to the save dialog. The window made
   * the table, so main takes it only if it is that table and nothing else.
   */
  exportHistory: {
    channel: CH.exportHistory,
    args: z
      .object({
        symbol: symbolSchema,
        range: z.enum(HISTORY_RANGES),
        csv: z
          .string()
          .max(MAX_HISTORY_CSV_CHARS, { message: 'that history is too large to export' })
          .refine(isHistoryCsv, { message: 'that is not a history table to export' }),
      })
      .strict(),
    result: returns<ExportResult>(),
  },
  /** The watch-only wallets (wallets.json; docs/wallets.md). */
  listWallets: { channel: CH.listWallets, args: noArgs, result: returns<WalletsView>() },
  /** The address as typed: main reads it (EIP-55, base58) and refuses it in words. */
  addWallet: { channel: CH.addWallet, args: addWalletArgs, result: returns<WalletsView>() },
  /** By address or label. */
  removeWallet: { channel: CH.removeWallet, args: removeWalletArgs, result: returns<WalletsView>() },
  /**
   * Every wallet's balances read now (on demand), from the service and the nodes named, against the ledger.
   */
  readWalletBalances: { channel: CH.readWalletBalances, args: noArgs, result: returns<WalletBalancesView>() },
  /** The last reading (at start, every 5 minutes while shown, on demand), or null before the first. */
  latestWalletBalances: {
    channel: CH.latestWalletBalances,
    args: noArgs,
    result: returns<WalletBalancesView | null>(),
  },
  /** Names a chain's node (an http or https URL, refused in words) or stops using it. */
  setWalletNode: { channel: CH.setWalletNode, args: setWalletNodeArgs, result: returns<WalletsView>() },
} as const satisfies Record<ChannelInvokeName, { channel: string; args: z.ZodType; result: unknown }>

export type InvokeContract = typeof invokeContract
export type InvokeName = keyof InvokeContract & ChannelInvokeName
export type InvokeArgs<N extends InvokeName> = z.input<InvokeContract[N]['args']>
/** A channel's arguments after main has checked them against the schema (defaults filled in). */
export type InvokeParsedArgs<N extends InvokeName> = z.output<InvokeContract[N]['args']>
export type InvokeResult<N extends InvokeName> = InvokeContract[N]['result']

export const eventContract = {
  snapshot: { channel: EV.snapshot, payload: returns<Snapshot>() },
  /** Its histories packed (packed-histories.ts): the window unpacks them. */
  delta: { channel: EV.delta, payload: returns<PackedDelta>() },
  status: { channel: EV.status, payload: returns<AppStatus>() },
  alert: { channel: EV.alert, payload: returns<AlertEvent>() },
  /** A notification was clicked: show this symbol. */
  focusSymbol: { channel: EV.focusSymbol, payload: returns<{ symbol: string }>() },
  /** A desktop notification the OS would not show (e.g. an unsigned macOS build): the window says it. */
  notice: { channel: EV.notice, payload: returns<{ title: string; body: string; symbol?: string }>() },
  /** The lists changed in main (the tray's list switcher, another command): the window follows. */
  settings: { channel: EV.settings, payload: returns<Settings>() },
  /** The positions and totals, after the ledger, the cost method or a held symbol's quote changed. */
  portfolio: { channel: EV.portfolio, payload: returns<PortfolioUpdate>() },
  /** The open detail's trading capacity, each time it is answered. */
  capacity: { channel: EV.capacity, payload: returns<CapacityView>() },
  /** The open detail's depth ladder and its stream's state, at most 4 times a second. */
  depth: { channel: EV.depth, payload: returns<DepthView>() },
  /** The held positions valued at their bids, at most once a second. */
  atBids: { channel: EV.atBids, payload: returns<AtBidsView>() },
  /** Every reading of the watched wallets' balances (issue 48). */
  walletBalances: { channel: EV.walletBalances, payload: returns<WalletBalancesView>() },
  /** The 1D chart's minutes: REST candles, the streamed live minute and its state, at most 4 a second. */
  dayCandles: { channel: EV.dayCandles, payload: returns<DayCandlesView>() },
  /** The depth alerts that cannot fire now changed: by id, why ("no depth: market closed"). */
  alertsIdle: { channel: EV.alertsIdle, payload: returns<Record<string, string>>() },
} as const satisfies Record<ChannelEventName, { channel: string; payload: unknown }>

export type EventContract = typeof eventContract
export type EventName = keyof EventContract & ChannelEventName
export type EventPayload<N extends EventName> = EventContract[N]['payload']

/**
 * The API the preload exposes on `window.tokenwatch`. Commands resolve to an IpcResult; `on*`
 * subscribe to a pushed event and return an unsubscribe function.
 */
export type TokenwatchApi = {
  [N in InvokeName]: InvokeArgs<N> extends undefined
    ? () => Promise<IpcResult<InvokeResult<N>>>
    : (args: InvokeArgs<N>) => Promise<IpcResult<InvokeResult<N>>>
} & {
  on<N extends EventName>(event: N, listener: (payload: EventPayload<N>) => void): () => void
}

export { CHANNEL_PREFIX, eventNames, invokeNames } from './ipc-channels'
