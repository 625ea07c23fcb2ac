/**
 * An answer's body in one Buffer, and its memory given back as soon as it has been read.
 *
 * Bodies past a socket read (64 KB) are joined into a buffer of their own, outside Node's shared
 * pool, and released (detached, its memory freed at once) when the reader is done with them: every
 * reader decodes what it keeps into strings and objects of its own, so nothing points into the
 * bytes afterwards. Left to the collector, the all-assets market answer (2 MB at 400 listed, once
 * a minute while prices stream) counts as memory outside V8's heap until a full collection finds
 * it, and that memory is what set off the full collections that made the streaming core cost more
 * CPU than polling (BENCHMARKS.md: 4 full collections in 20 answers before, 1 after). Smaller
 * bodies stay in the pool, where a few hundred bytes cost least.
 */

/** From this size a body gets a buffer of its own, released once read. */
const OWN_BUFFER_FROM = 64 * 1024

/** The buffers joinBody made, so that releaseBody never detaches one it does not own (the pool). */
const ownBuffers = new WeakSet<ArrayBuffer>()

/** The chunks as one Buffer, `length` bytes long. */
export function joinBody(chunks: readonly Buffer[], length: number): Buffer {
  if (length < OWN_BUFFER_FROM) return Buffer.concat(chunks, length)
  const body = Buffer.allocUnsafeSlow(length)
  let at = 0
  for (const chunk of chunks) at += chunk.copy(body, at)
  ownBuffers.add(body.buffer as ArrayBuffer)
  return body
}

/**
 * Frees a body joinBody gave its own buffer; any other is left to the collector. The body reads as
 * empty afterwards.
 */
export function releaseBody(body: Buffer): void {
  const { buffer } = body
  if (!(buffer instanceof ArrayBuffer) || !ownBuffers.delete(buffer)) return
  buffer.transfer(0)
}
