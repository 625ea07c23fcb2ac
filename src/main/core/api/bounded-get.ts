import type { Dispatcher } from 'undici'
import { joinBody } from './answer-body'

type ResponseHeaders = Record<string, string | string[] | undefined>

export interface BoundedAnswer {
  statusCode: number
  headers: ResponseHeaders
  /**
   * The body as read (answer-body.ts: the caller releases it once read); null when the answer's
   * status and headers said not to read it.
   */
  body: Buffer | null
  /** The body went on past its cap: reading stopped there and the connection was dropped. */
  overflowed: boolean
}

export interface BoundedRequest {
  url: URL
  headers: Record<string, string>
  /**
   * How much of the body to read, decided on its status and headers: a byte cap, or null for none
   * (a redirect, or a length declared past what the caller takes).
   */
  capFor(statusCode: number, headers: ResponseHeaders): number | null
  /** Aborts the request, which rejects with the signal's reason. */
  signal?: AbortSignal
  /** The whole exchange's deadline, body included (undici's own timeouts are per phase). */
  deadline: { ms: number; error(): Error }
}

/** Why a request was dropped on our side; never seen by a caller, who has its answer by then. */
class ReadingStopped extends Error {}

/**
 * One GET through an undici dispatcher, its body collected up to a cap chosen once the headers
 * are in. Past the cap, or when the cap says to read nothing, the request is aborted at once, so
 * a huge or endless answer costs at most the cap in memory and no further reading.
 *
 * The deadline and the signal settle the promise at once, whatever the request is doing: undici
 * hears of an abort only once the request has a connection, so an abort during a connection
 * attempt to a host that drops packets would otherwise wait out the connect timeout. The
 * abandoned attempt is aborted as soon as it starts, and ends by itself.
 *
 * A dispatch handler rather than undici's `request`, which wraps every answer in a stream, an
 * async resource and abort listeners: at the per-symbol fan-out's four requests a second, that
 * and a combined abort signal per request were a seventh of the core's CPU (BENCHMARKS.md).
 */
export function boundedGet(dispatcher: Dispatcher, request: BoundedRequest): Promise<BoundedAnswer> {
  const { url, headers, capFor, signal, deadline } = request
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    let controller: Dispatcher.DispatchController | null = null
    let settled = false
    let statusCode = 0
    let responseHeaders: ResponseHeaders = {}
    let cap = 0
    const chunks: Buffer[] = []
    let length = 0

    const settle = (finish: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      finish()
    }
    const answer = (body: Buffer | null, overflowed: boolean) =>
      settle(() => resolve({ statusCode, headers: responseHeaders, body, overflowed }))
    const giveUp = (reason: unknown) => {
      settle(() => reject(reason))
      controller?.abort(new ReadingStopped('given up'))
    }
    const stopReading = () => controller?.abort(new ReadingStopped('read as far as the caller takes'))
    const onAbort = () => giveUp(signal?.reason)
    const timer = setTimeout(() => giveUp(deadline.error()), deadline.ms)
    signal?.addEventListener('abort', onAbort, { once: true })

    dispatcher.dispatch(
      { origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers },
      {
        onRequestStart(started) {
          controller = started
          if (settled) started.abort(new ReadingStopped('no longer wanted'))
        },
        onResponseStart(_controller, status, received) {
          statusCode = status
          responseHeaders = received as ResponseHeaders
          const chosen = capFor(status, responseHeaders)
          if (chosen !== null) cap = chosen
          else {
            answer(null, false)
            stopReading()
          }
        },
        onResponseData(_controller, chunk) {
          if (settled) return
          if (length + chunk.length > cap) {
            answer(joinBody(chunks, length), true)
            stopReading()
            return
          }
          chunks.push(chunk)
          length += chunk.length
        },
        onResponseEnd() {
          // Joined only for a caller still waiting, who releases it (answer-body.ts).
          if (settled) return
          answer(joinBody(chunks, length), false)
        },
        onResponseError(_controller, error) {
          settle(() => reject(error))
        },
      },
    )
  })
}
