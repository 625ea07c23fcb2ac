import * as grpc from '@grpc/grpc-js'
import type { DepthLadder } from '../../../../shared/depth'
import type { SoftQuoteDepthMessage } from '../../depth/depth-message'
import { readDepth } from '../../depth/depth-reading'
import { reasonOf } from './price-stream'
import type { StreamTarget } from './stream-address'
import { type UpdatesFrame, backendClientConstructor } from './stream-proto'

/**
 * The first ladder StreamSoftQuoteDepth sends for one symbol, then the stream is closed: what the
 * command line prints. The key goes in the `x-api-key` metadata to the streaming host only; the
 * service's error text is never kept (it could echo what was sent): a failure is said in our own
 * words by its status, as the price stream says it.
 */

/** A frame larger than this is refused by grpc-js (RESOURCE_EXHAUSTED): 10,000 levels a side fit. */
export const MAX_DEPTH_FRAME_BYTES = 2 * 1024 * 1024

export type FirstDepth =
  | { kind: 'ladder'; ladder: DepthLadder }
  /** The service publishes no depth stream (UNIMPLEMENTED: a service with only the spec's endpoints). */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'refused'; reason: string; code: grpc.status }
  | { kind: 'timeout' }

export interface FirstDepthRequest {
  target: StreamTarget
  apiKey: string
  symbol: string
  timeoutMs: number
}

type DepthMethod = (
  this: grpc.Client,
  request: { symbols: string[] },
  metadata: grpc.Metadata,
) => grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>>

export function firstDepth(request: FirstDepthRequest): Promise<FirstDepth> {
  const client = new (backendClientConstructor())(
    request.target.address,
    request.target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure(),
    { 'grpc.max_receive_message_length': MAX_DEPTH_FRAME_BYTES },
  )
  const metadata = new grpc.Metadata()
  metadata.set('x-api-key', request.apiKey)
  const method = (client as unknown as Record<string, DepthMethod>)['StreamSoftQuoteDepth'] as DepthMethod
  const call = method.call(client, { symbols: [request.symbol] }, metadata)
  return new Promise<FirstDepth>((resolve) => {
    let settled = false
    const settle = (outcome: FirstDepth) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      call.cancel()
      client.close()
      resolve(outcome)
    }
    const timer = setTimeout(() => settle({ kind: 'timeout' }), request.timeoutMs)
    call.on('data', (frame: UpdatesFrame<SoftQuoteDepthMessage>) => {
      const mine = frame.updates.find((update) => update.symbol === request.symbol)
      if (mine) settle({ kind: 'ladder', ladder: readDepth(mine) })
    })
    call.on('error', (error: grpc.ServiceError) =>
      settle(
        error.code === grpc.status.UNIMPLEMENTED
          ? { kind: 'unavailable', reason: 'the service streams no depth' }
          : {
              kind: 'refused',
              reason: reasonOf(error.code, request.target.host, error.details),
              code: error.code,
            },
      ),
    )
    call.on('end', () =>
      settle({ kind: 'refused', reason: 'the stream ended before a ladder came', code: grpc.status.OK }),
    )
  })
}
