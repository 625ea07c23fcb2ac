import { answerFromFreshProcess } from './fresh-process'
import { type CpuRun, type EventLoopRun, cpuRun, eventLoopRun, type MainThreadRequest } from './main-thread'

/** One run of bench/node/main-thread.ts, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<MainThreadRequest, EventLoopRun | CpuRun>((request, log) =>
  request.run === 'eventLoop'
    ? eventLoopRun(request.listed, request.options, log)
    : cpuRun(request.options, log),
)
