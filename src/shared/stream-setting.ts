/**
 * The "Streaming address" setting's words: empty derives the address from the base URL, `off`
 * never streams, anything else is `host` or `host:port` (no scheme, path or credentials). Shared:
 * the settings schema checks it in main, the Settings dialog says what is wrong before saving and
 * shows the derived address as the field's placeholder.
 */

export const STREAMING_OFF = 'off'
export const STREAM_TLS_PORT = 443
export const STREAM_ADDRESS_MAX = 260
const ADDRESS_PATTERN = /^(\[::1\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::(\d{1,5}))?$/

/** `host[:port]` read, or null when it is not one (a port absent is TLS's 443). */
export function parseStreamAddress(value: string): { host: string; port: number } | null {
  const match = ADDRESS_PATTERN.exec(value)
  if (!match) return null
  const port = match[2] === undefined ? STREAM_TLS_PORT : Number(match[2])
  return port >= 1 && port <= 65_535 ? { host: match[1] as string, port } : null
}

/** Why the setting cannot be kept, or null when it can. */
export function streamAddressProblem(value: string): string | null {
  if (value === '' || value === STREAMING_OFF) return null
  if (value.length > STREAM_ADDRESS_MAX) return `at most ${STREAM_ADDRESS_MAX} characters`
  return parseStreamAddress(value) ? null : 'host or host:port, empty for the usual one, or off'
}

/**
 * The address an empty setting streams from (real-service-notes.md, "Streaming"): the service's
 * `api.` host streams from its `grpc.` host on 443; null when the base URL is no URL or has no
 * `api.` host (no streaming address is known for it).
 */
export function derivedStreamAddress(baseUrl: string): { host: string; port: number } | null {
  let host: string
  try {
    host = new URL(baseUrl).hostname
  } catch {
    return null
  }
  return host.startsWith('api.') ? { host: `grpc.${host.slice('api.'.length)}`, port: STREAM_TLS_PORT } : null
}
