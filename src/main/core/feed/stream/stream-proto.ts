import { existsSync } from 'node:fs'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import type { Uint64 } from '../../uint64'

/**
 * The service's streaming schema, loaded at run time from grpcapi.proto by @grpc/proto-loader.
 * Every uint64 (the nanosecond timestamps) is read as protobufjs reads it, a Long of two 32-bit
 * halves, which uint64Of (core/uint64.ts) joins exactly (never through a float); `keepCase` keeps
 * the proto's field names; `defaults` fills absent fields (an absent timestamp reads 0, which the
 * readers refuse).
 *
 * The file sits beside this module in the sources and beside the bundles in out/main (the main
 * build copies it there: electron.vite.config.ts), whose shared code sits in out/main/chunks.
 */

export const PROTO_FILE_NAME = 'grpcapi.proto'
export const SERVICE_NAME = 'ondo.gm.backend.v1.BackendService'

/**
 * One PriceUpdate as read: every field present (defaults), the timestamp a Uint64 (`Time`: its
 * decimal text where the simulator writes one).
 */
export interface PriceUpdateMessage<Time = Uint64> {
  ticker: string
  symbol: string
  stock_price: string
  token_price: string
  timestamp: Time
}

export interface OhlcSideMessage {
  open: string
  high: string
  low: string
  close: string
}

export interface OhlcUpdateMessage<Time = Uint64> {
  primary_market: (OhlcSideMessage & { symbol: string }) | null
  underlying_market: (OhlcSideMessage & { ticker: string }) | null
  is_closed: boolean
  timestamp: Time
}

export interface UpdatesFrame<U> {
  updates: U[]
}

export interface SymbolsRequest {
  symbols: string[]
}

/** Beside this module (sources, tsx, tests), or one folder up when the bundler put it in out/main/chunks. */
function protoPath(): string {
  const candidates = [join(__dirname, PROTO_FILE_NAME), join(__dirname, '..', PROTO_FILE_NAME)]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (found) return found
  throw new Error(`The streaming schema ${PROTO_FILE_NAME} is missing beside ${__dirname}`)
}

let loaded: grpc.ServiceDefinition | null = null

/** The BackendService's definition (method paths, serialisers), loaded once per process. */
export function backendService(): grpc.ServiceDefinition {
  if (loaded) return loaded
  const definition = protoLoader.loadSync(protoPath(), {
    keepCase: true,
    enums: String,
    defaults: true,
    oneofs: true,
  })
  const service = definition[SERVICE_NAME]
  if (!service || !('StreamPriceUpdates' in service))
    throw new Error(`${SERVICE_NAME} is not in ${PROTO_FILE_NAME}`)
  loaded = service as grpc.ServiceDefinition
  return loaded
}

/** A client constructor for the BackendService (grpc-js builds its methods from the definition). */
export function backendClientConstructor(): grpc.ServiceClientConstructor {
  return grpc.makeGenericClientConstructor(backendService(), 'BackendService')
}
