/**
 * Wednesday 15 October 2025, 11:00 in New York: the regular session, every asset moving. The
 * benchmarks' fixed market time, in a module of its own: the processes that measure the app's
 * main thread import it without the simulator (its gRPC server and chain clients would weigh on
 * the heap they measure).
 */
export const BENCH_INSTANT = Date.UTC(2025, 9, 15, 15, 0)
