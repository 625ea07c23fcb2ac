import { answerFromFreshProcess } from './fresh-process'
import { type LedgerReplayRequest, timeLedgerReplay } from './ledger-replay'

/** One run of bench/node/ledger-replay.ts, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<LedgerReplayRequest, number>(timeLedgerReplay)
