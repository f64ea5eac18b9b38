import { describe, expect, it } from 'vitest'
import { en, type MessageId } from './en.js'

// The English the visitor reads where spec §8 gives the exact words, by catalog id. A catalog
// edit that drifts from the spec fails here; the other locales translate these.
const SPEC_TEXTS: Partial<Record<MessageId, string>> = {
  'email.throttled': 'Please try again after {n} seconds',
  'account.balance.unavailable': 'Token Balance Unavailable',
  'toast.siwxInitFailed': 'A problem occurred while trying initialize authentication',
  'siwx.declined': 'Signature declined',
  'siwx.authenticating': 'Authenticating...',
  'embedded.authenticating': 'Authenticating...',
  'toast.actionNotAllowed': 'Action not allowed',
  'alert.PROJECT_ID_NOT_CONFIGURED': 'project id not configured',
  'alert.INVALID_APP_CONFIGURATION': 'invalid app configuration',
  'alert.SWITCH_NETWORK_NOT_FOUND': 'switch network not found',
}

describe('given the English catalog', () => {
  it.each(Object.entries(SPEC_TEXTS))('then %s reads exactly as spec §8 words it', (id, text) => {
    expect(en[id as MessageId]).toBe(text)
  })
})
