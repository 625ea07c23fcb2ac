import { type DelayReading, eventLoopFloorRun } from './event-loop-floor'
import { answerFromFreshProcess } from './fresh-process'
import {
  type CpuRun,
  type EventLoopRun,
  cpuFloorRun,
  cpuRun,
  eventLoopRun,
  type MainThreadRequest,
} from './main-thread'

/** One run of bench/node/main-thread.ts, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<MainThreadRequest, EventLoopRun | CpuRun | DelayReading>((request, log) => {
  switch (request.run) {
    case 'eventLoop':
      return eventLoopRun(request.listed, request.options, log)
    case 'cpu':
      return cpuRun(request.options, request.sim, log)
    case 'cpuFloor':
      return cpuFloorRun(request.options, request.sim, request.requests, log)
    case 'eventLoopFloor':
      return eventLoopFloorRun(request.postLogFile)
  }
})
