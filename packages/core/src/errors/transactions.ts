import { BaseError } from './base.js'

export type TransactionsFetchErrorType = TransactionsFetchError & { name: 'TransactionsFetchError' }
/** The transactions service failed or answered something else than a page of transactions. */
export class TransactionsFetchError extends BaseError {
  override name = 'TransactionsFetchError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to fetch transactions', { cause })
  }
}
