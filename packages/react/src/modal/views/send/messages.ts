import type { SendProblem, SendState } from '@latch/core/internal'
import type { MessageId } from '../../../i18n/en.js'

export const problemMessage: Record<SendProblem, MessageId> = {
  recipient: 'send.error.recipient',
  name: 'send.error.name',
  'amount-invalid': 'send.error.amountInvalid',
  'amount-decimals': 'send.error.amountDecimals',
  'amount-zero': 'send.error.amountZero',
  insufficient: 'send.error.insufficient',
}

export const failureMessage: Record<NonNullable<SendState['failure']>, MessageId> = {
  rejected: 'send.failure.rejected',
  reverted: 'send.failure.reverted',
  failed: 'send.failure.failed',
  fee: 'send.failure.fee',
  name: 'send.failure.name',
}
