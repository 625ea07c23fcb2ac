import { z } from 'zod'

/**
 * The forms check what a person types with the shared zod schemas, which zod builds as their
 * modules load. Its parsers may compile code with `new Function`, which the page's CSP forbids (no
 * 'unsafe-eval'): switch that off first. Each module that brings zod in imports this before
 * anything else; they load with the dialogs, not at start-up (see App.tsx).
 */
z.config({ jitless: true })
