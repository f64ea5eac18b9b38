import { BaseError } from './base.js'

export type InvalidOptionsErrorType = InvalidOptionsError & { name: 'InvalidOptionsError' }
/**
 * `createLatch` was given options it cannot use. Each issue names the option and what was
 * expected, e.g. `networks: Required` or `themeMode: Expected 'light' | 'dark', received 'blue'`.
 */
export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError' as const
  readonly issues: readonly string[]
  constructor({ issues }: { issues: readonly string[] }) {
    const [first = 'Invalid options'] = issues
    super(
      issues.length > 1
        ? `Invalid options: ${first} (and ${issues.length - 1} more)`
        : `Invalid options: ${first}`,
      { metaMessages: issues.length > 1 ? issues : undefined },
    )
    this.issues = issues
  }
}
