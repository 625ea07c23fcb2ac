import { answerFromFreshProcess } from './fresh-process'
import { type PortfolioBenchRequest, timePortfolio } from './portfolio'

/** One run of bench/node/portfolio.ts, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<PortfolioBenchRequest, number>(timePortfolio)
