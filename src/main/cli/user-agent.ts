import { version } from '../../../package.json'

/**
 * What the command line's requests say they come from. The command line is built from the
 * checkout (bin/tokenwatch.mjs), whose package.json holds the version; the core takes it as an
 * option (ApiClientOptions.userAgent) and never reads the package itself.
 */
export const CLI_USER_AGENT = `tokenwatch/${version}`
