import { z } from 'zod'

/**
 * The shared settings module (checkBaseUrl, the cadence bounds) builds zod schemas when it loads,
 * so zod runs here too. Its parsers may compile code with `new Function`, which the page's CSP
 * forbids (no 'unsafe-eval'): switch that off before anything else loads.
 */
z.config({ jitless: true })
