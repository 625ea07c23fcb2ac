import type { Readable } from 'node:stream'

/**
 * Stops a response body where it is. For an undici body that aborts the request and closes its
 * socket, so nothing more is read; the abort error it emits is expected and swallowed here.
 */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined)
  body.destroy()
}

/**
 * Reads a response body up to a byte cap. On overflow the body is discarded at once, so a huge or
 * endless answer costs at most `maxBytes` of memory and no further reading.
 */
export async function readBodyUpTo(
  body: Readable,
  maxBytes: number,
): Promise<{ data: Buffer; overflowed: boolean }> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (total + chunk.length > maxBytes) {
      discardBody(body)
      return { data: Buffer.concat(chunks, total), overflowed: true }
    }
    chunks.push(chunk)
    total += chunk.length
  }
  return { data: Buffer.concat(chunks, total), overflowed: false }
}
