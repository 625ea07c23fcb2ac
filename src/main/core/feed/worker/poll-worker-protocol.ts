import type { Snapshot } from '../../../../shared/domain'
import type { PackedDelta } from '../../../../shared/packed-histories'
import type { ListedAsset } from '../../../../shared/domain'
import type { AssetPauseReading } from '../../../../shared/service-status'
import type { EndpointName, EndpointStatus, ErrorKind } from '../../../../shared/status'
import type { Cadences } from '../../../../shared/settings'
import type { FeedConnection, PollPlan } from '../poll-feed'
import type { PauseReason } from '../poll-scheduler'
import type { RecordedHistory } from '../../recording-port'
import type { DepthView } from '../../../../shared/depth'
import type { HeldDepthUpdate } from '../stream/held-depth-stream'
import type { DayCandlesView } from '../../../../shared/day-candles'

/**
 * The messages between WorkerPollFeed (the app's main thread) and the poll worker. Both ends are
 * our own code in one process, so they are typed, not validated; what crosses is a structured
 * clone (no functions, no classes: an error travels as its kind and message).
 */

export type ToPollWorker =
  | { type: 'connect'; connection: FeedConnection }
  | { type: 'cadences'; cadences: Cadences }
  | { type: 'seed'; snapshot: Snapshot }
  | { type: 'watchlist'; symbols: readonly string[] }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'refresh' }
  | { type: 'reset' }
  | { type: 'hidden'; hidden: boolean }
  | { type: 'paused'; reason: PauseReason; paused: boolean }
  // Requests: the worker answers each by its id ('answer' or 'failed').
  | { type: 'listAssets'; id: number }
  | { type: 'assetPauses'; id: number }
  | { type: 'saveSnapshot'; id: number; userDataDir: string }
  | { type: 'fullSnapshot'; id: number }
  | { type: 'recording'; userDataDir: string }
  | { type: 'recordedHistory'; id: number; symbol: string; from: number; daily: boolean }
  | { type: 'depthSymbol'; symbol: string | null }
  | { type: 'heldDepthSymbols'; symbols: string[] }
  | { type: 'chartSymbol'; symbol: string | null }

/** What the worker answers a request with; `/v1/status/assets` as readings, never its raw body. */
export type PollWorkerAnswer = ListedAsset[] | AssetPauseReading[] | Snapshot | RecordedHistory | null

export type EndpointStatuses = Record<EndpointName, EndpointStatus>

export type FromPollWorker =
  /** Posted as soon as the worker's code has loaded. */
  | { type: 'ready' }
  /** The rows without their histories (they stay in the worker: fullSnapshot has them). */
  | { type: 'started'; snapshot: Snapshot; endpoints: EndpointStatuses; plan: PollPlan }
  /** A piece of a delta (delta-pieces.ts), its histories packed (packed-histories.ts). */
  | { type: 'delta'; delta: PackedDelta }
  | { type: 'status'; endpoints: EndpointStatuses; plan: PollPlan }
  | { type: 'answer'; id: number; value: PollWorkerAnswer }
  /** The recording's sentence for the status bar changed. */
  | { type: 'recordingNotice'; notice: string | null }
  /** `kind`: the ApiError's, or null when the failure was not the service's. */
  | { type: 'failed'; id: number; kind: ErrorKind | null; message: string }
  | { type: 'stopped' }
  /** The open symbol's depth (stream/depth-stream.ts). */
  | { type: 'depth'; view: DepthView }
  /** The held symbols' ladders (stream/held-depth-stream.ts). */
  | { type: 'heldDepth'; update: HeldDepthUpdate }
  /** The 1D chart's minutes (stream/candle-stream.ts). */
  | { type: 'dayCandles'; view: DayCandlesView }
