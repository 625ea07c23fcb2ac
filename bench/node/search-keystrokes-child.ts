import { answerFromFreshProcess } from './fresh-process'
import { type SearchBenchOptions, searchMetrics } from './search-keystrokes'

/** The search suite, in a process of its own (runInFreshProcess). */
answerFromFreshProcess<SearchBenchOptions, ReturnType<typeof searchMetrics>>((options, log) =>
  Promise.resolve(searchMetrics(options, log)),
)
