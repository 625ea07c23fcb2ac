import type { Uint64 } from '../../src/main/core/uint64'

/**
 * A uint64 as protobufjs reads it off the wire (a Long's two 32-bit halves), from its decimal text:
 * what a stream's reader is given, for messages written by hand or by the simulator (which writes
 * the text) and read without going through gRPC.
 */
export function uint64(text: string | bigint): Uint64 & { unsigned: true } {
  const value = BigInt.asUintN(64, BigInt(text))
  return {
    low: Number(BigInt.asIntN(32, value)),
    high: Number(BigInt.asIntN(32, value >> 32n)),
    unsigned: true,
  }
}

/** A message the simulator wrote (its timestamp the decimal text), as a reader is given it. */
export function asRead<M extends { timestamp: string }>(
  message: M,
): Omit<M, 'timestamp'> & { timestamp: Uint64 } {
  return { ...message, timestamp: uint64(message.timestamp) }
}
