import type { Linter } from 'eslint'

/** The types of eslint.config.mjs, for test/core/room-rules.test.ts, which reads its room table. */
export declare const CORE_ROOMS: Record<string, string[]>
declare const config: Linter.Config[]
export default config
