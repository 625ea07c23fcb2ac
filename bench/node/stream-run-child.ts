import { answerFromFreshProcess } from './fresh-process'
import { type StreamRunRequest, measureStreamRun } from './stream'

/** One run of bench/node/stream.ts's CPU part (streaming or polling), in a process of its own. */
answerFromFreshProcess<StreamRunRequest, Awaited<ReturnType<typeof measureStreamRun>>>(measureStreamRun)
