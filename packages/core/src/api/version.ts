/** The `st` query parameter the kit sends with every API call. */
export const SDK_TYPE = 'latch'

/** The `sv` query parameter: this package's version (kept equal to package.json by a test). */
export const SDK_VERSION = '0.1.0'
