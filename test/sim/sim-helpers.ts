import { request } from 'node:http'
import type { SimServer } from '../../src/main/sim/server/server'

/** Fixed instants (US Eastern in the names), chosen with the NYSE calendar of November 2025. */
export const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
export const TUESDAY_01_00_ET = Date.UTC(2025, 10, 18, 6, 0, 7)
/** The regular session's opening pause: 09:30 - 09:31 ET. */
export const TUESDAY_09_30_20_ET = Date.UTC(2025, 10, 18, 14, 30, 20)
export const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)
export const MONDAY_05_00_ET = Date.UTC(2025, 10, 24, 10, 0, 0)

export const API_KEY = 'test-key'
export const MINUTE = 60_000

/** A clock the test moves by hand. */
export function manualClock(start: number): {
  now: () => number
  advance: (ms: number) => void
  set: (ms: number) => void
} {
  let time = start
  return {
    now: () => time,
    advance: (ms) => {
      time += ms
    },
    set: (ms) => {
      time = ms
    },
  }
}

export async function getJson(
  server: SimServer,
  path: string,
  key: string | null = API_KEY,
): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers: key === null ? {} : { 'x-api-key': key } })
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * A request with the path sent exactly as given (fetch would normalise `..` and encodings away),
 * and any method.
 */
export function rawRequest(
  server: SimServer,
  method: string,
  path: string,
  headers: Record<string, string> = { 'x-api-key': API_KEY },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path, headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Waits (a bounded number of event-loop turns) until `condition` holds. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`timed out waiting for ${what}`)
}
