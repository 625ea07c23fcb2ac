/**
 * An answer's body in one Buffer, and its memory reused or given back once it has been read.
 *
 * Bodies past a socket read (64 KB) are joined into a buffer outside Node's shared pool: every
 * reader decodes what it keeps into strings and objects of its own, so nothing points into the
 * bytes once the reader is done (`releaseBody`), and the same memory can take the next answer.
 *
 * One such buffer is kept and reused: the all-assets market answer (2 MB at 400 listed) comes once
 * a minute while prices stream, and memory fresh from the system costs a page fault per 4 KB when
 * first written: 7 ms of CPU for 2 MB on the development machine (a virtual machine, where a
 * fault costs some 14 µs), the streaming core's 1,360 more faults than polling's every two minutes
 * (BENCHMARKS.md, "Fresh pages"). Copied into memory already written, the same 2 MB cost 0.1-0.2
 * ms. A body that comes while the kept buffer is in use, or is larger than it, gets a buffer of its
 * own: detached once read (its memory freed at once, not at the next full collection, which
 * memory held outside V8's heap would otherwise set off: "A minute measures the collector"), or
 * kept instead of the smaller one. The kept buffer is freed after KEEP_UNUSED_MS without an
 * answer (the window hidden, streaming stopped), so the memory is held only while it is reused.
 * Smaller bodies stay in the pool, where a few hundred bytes cost least.
 */

/** From this size a body gets a buffer outside the pool. */
const OWN_BUFFER_FROM = 64 * 1024
/** Room to grow: an answer of 400 assets changes size by a few bytes from minute to minute. */
const GROWTH_ROOM = 1.25
/**
 * The kept buffer is freed after this long unused: longer than the market data's cadence (60 s),
 * so a steady answer always finds it.
 */
export const KEEP_UNUSED_MS = 3 * 60_000

interface KeptBuffer {
  bytes: Buffer
  inUse: boolean
  /** Frees it once unused for KEEP_UNUSED_MS; null while in use. */
  timer: ReturnType<typeof setTimeout> | null
}

let kept: KeptBuffer | null = null

/**
 * The buffers joinBody made for a body alone, so that releaseBody never detaches one it does not
 * own (the pool).
 */
const ownBuffers = new WeakSet<ArrayBuffer>()

/** The chunks as one Buffer, `length` bytes long. */
export function joinBody(chunks: readonly Buffer[], length: number): Buffer {
  if (length < OWN_BUFFER_FROM) return Buffer.concat(chunks, length)
  const body = bufferFor(length)
  let at = 0
  for (const chunk of chunks) at += chunk.copy(body, at)
  return body
}

/**
 * Gives back a body joinBody made: the kept buffer for the next answer, a buffer of its own freed
 * (the body then reads as empty); any other, and a second release, leave it to the collector.
 */
export function releaseBody(body: Buffer): void {
  const { buffer } = body
  if (!(buffer instanceof ArrayBuffer)) return
  if (kept !== null && kept.inUse && buffer === kept.bytes.buffer) {
    kept.inUse = false
    const unused = kept
    kept.timer = setTimeout(() => freeKept(unused), KEEP_UNUSED_MS)
    kept.timer.unref?.()
    return
  }
  if (ownBuffers.delete(buffer)) buffer.transfer(0)
}

function bufferFor(length: number): Buffer {
  if (kept !== null && !kept.inUse && kept.bytes.length >= length) {
    if (kept.timer !== null) clearTimeout(kept.timer)
    kept.timer = null
    kept.inUse = true
    return kept.bytes.subarray(0, length)
  }
  if (kept !== null && kept.inUse) {
    const body = Buffer.allocUnsafeSlow(length)
    ownBuffers.add(body.buffer as ArrayBuffer)
    return body
  }
  // None kept, or one too small: a larger one replaces it. The room beyond `length` is never
  // written until an answer needs it, so the system gives it no page meanwhile.
  if (kept !== null) freeKept(kept)
  kept = { bytes: Buffer.allocUnsafeSlow(Math.ceil(length * GROWTH_ROOM)), inUse: true, timer: null }
  return kept.bytes.subarray(0, length)
}

function freeKept(buffer: KeptBuffer): void {
  if (buffer.timer !== null) clearTimeout(buffer.timer)
  if (kept === buffer) kept = null
  const memory = buffer.bytes.buffer as ArrayBuffer
  memory.transfer(0)
}
