/**
 * An answer's body in one Buffer, and its memory given back as soon as it has been read.
 *
 * Bodies past a socket read (64 KB) are joined into a buffer of their own, outside Node's shared
 * pool, and released (detached, its memory freed at once) when the reader is done with them: every
 * reader decodes what it keeps into strings and objects of its own, so nothing points into the
 * bytes afterwards. Left to the collector, the all-assets market answer (2 MB at 400 listed, once
 * a minute while prices stream) counts as memory outside V8's heap until a full collection finds
 * it, and sets full collections off: 3-4 in 20 answers fetched 3 s apart, 1-2 with it freed, and
 * 26-30 ms of CPU an answer instead of 33-39 (BENCHMARKS.md, "A minute measures the collector";
 * the streaming suite's ratio to polling did not move with it). Smaller bodies stay in the pool,
 * where a few hundred bytes cost least.
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
