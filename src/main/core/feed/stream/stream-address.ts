import { STREAMING_OFF, derivedStreamAddress, parseStreamAddress } from '../../../../shared/stream-setting'

/**
 * Where the price streams connect (real-service-notes.md, "Streaming"): the public service's
 * `api.` host streams from its `grpc.` host on port 443 over TLS. The "Streaming address" setting
 * overrides that (`host` or `host:port`) or turns streaming off (`off`); empty derives it from the
 * base URL. Plaintext only to the loopback (the simulator): any other host is TLS, whatever it is.
 */

export interface StreamTarget {
  /** `host:port`, as grpc-js takes it. */
  address: string
  host: string
  tls: boolean
}

export type StreamPlace = { ok: true; target: StreamTarget } | { ok: false; reason: string }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

function targetOf(host: string, port: number): StreamTarget {
  return { address: `${host}:${port}`, host, tls: !LOOPBACK.has(host.toLowerCase()) }
}

export function streamPlace(baseUrl: string, setting: string): StreamPlace {
  if (setting === STREAMING_OFF) return { ok: false, reason: 'turned off in Settings' }
  if (setting !== '') {
    const parsed = parseStreamAddress(setting)
    return parsed
      ? { ok: true, target: targetOf(parsed.host, parsed.port) }
      : { ok: false, reason: 'the streaming address in Settings is not host:port' }
  }
  const derived = derivedStreamAddress(baseUrl)
  if (derived) return { ok: true, target: targetOf(derived.host, derived.port) }
  return URL.canParse(baseUrl)
    ? { ok: false, reason: `no streaming address is known for ${new URL(baseUrl).hostname}` }
    : { ok: false, reason: 'the service address is not a URL' }
}
