import { type HeapRun, heapFor } from './core-heap'
import { answerFromFreshProcess } from './fresh-process'

/** One size of bench/node/core-heap.ts, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<number, HeapRun>(heapFor)
