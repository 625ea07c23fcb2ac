import type { TradeSide } from '../../../../shared/holdings'
import {
  type WireAssetPause,
  type WireDividends,
  type WireMarketStatus,
  type WireTradingCapacity,
  wireAssetPause,
  wireDividends,
  wireMarketStatus,
  wireTradingCapacity,
} from './wire-status'
import { datingProblem } from './record-dates'
import { type ParsedRecords, ResponseShapeError, parseEach } from './wire-parse'

/**
 * Reading the answers of the endpoints beyond the spec (wire-status.ts) record by record, as
 * wire-parse.ts does for the five: a bad record is reported and dropped, never the answer.
 */

/** `/v1/status/market`: one record; the caller treats a rejected one as a failed answer. */
export function parseMarketStatusResponse(
  body: unknown,
  receivedAt: number,
): ParsedRecords<WireMarketStatus> {
  const parsed = parseEach(wireMarketStatus, [body])
  const problem = parsed.records[0] && datingProblem(parsed.records[0].timestamp, receivedAt)
  return problem ? { records: [], rejected: [{ symbol: null, reason: `timestamp: ${problem}` }] } : parsed
}

/**
 * More pauses than any market lists at once (a few a day per asset, a few hundred assets): an
 * answer past it is refused whole, before a record of it is checked, as the candles are.
 */
export const MAX_ASSET_PAUSES = 5_000

/** `/v1/status/assets`: every asset's pauses in one array; each entry stands or falls alone. */
export function parseAssetPausesResponse(body: unknown): ParsedRecords<WireAssetPause> {
  if (!Array.isArray(body)) throw new ResponseShapeError('asset pauses response: expected a JSON array')
  if (body.length > MAX_ASSET_PAUSES)
    throw new ResponseShapeError(
      `asset pauses response: ${body.length} pauses, more than the ` + `${MAX_ASSET_PAUSES} taken`,
    )
  return parseEach(wireAssetPause, body)
}

/**
 * `/v1/limits/trading`: one record, which must be about the symbol and side asked for. An answer
 * about another one is rejected: showing it would tell the trader a capacity that is not theirs.
 */
export function parseTradingCapacityResponse(
  body: unknown,
  asked: { symbol: string; side: TradeSide },
): ParsedRecords<WireTradingCapacity> {
  const parsed = parseEach(wireTradingCapacity, [body])
  const records: WireTradingCapacity[] = []
  for (const record of parsed.records) {
    if (record.symbol === asked.symbol && record.side === asked.side) records.push(record)
    else
      parsed.rejected.push({
        symbol: record.symbol,
        reason:
          `asked for ${asked.symbol} ${asked.side}, the answer is about ` + `${record.symbol} ${record.side}`,
      })
  }
  return { records, rejected: parsed.rejected }
}

/** `/v1/assets/{symbol}/dividends`: one record. */
export function parseDividendsResponse(body: unknown): ParsedRecords<WireDividends> {
  return parseEach(wireDividends, [body])
}
