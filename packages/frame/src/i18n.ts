// Every string the frame shows on its own screens. English is the source; other catalogs carry
// the same keys. `{name}` placeholders are filled by `t`; text is only ever set as text.

export const en = {
  'notice.title': 'Latch login',
  'notice.notFramed': 'This page runs only inside the app that opened it.',
  'notice.insecure': 'The login frame needs a secure connection (https).',
  'notice.notAllowed': 'This app is not allowed to use this login.',
  'password.setupTitle': 'Set a recovery password',
  'password.recoverTitle': 'Enter your recovery password',
  'password.setupHelp':
    'Your wallet is split into parts. This password protects the part that lets you sign in on a new device. It never leaves this window, and it cannot be reset: without it a new device cannot open your wallet. At least {min} characters.',
  'password.recoverHelp':
    'This is a new device: the password you set when you created your wallet opens it here.',
  'password.label': 'Recovery password',
  'password.repeat': 'Repeat the password',
  'password.create': 'Create wallet',
  'password.recover': 'Recover wallet',
  'password.creating': 'Creating…',
  'password.opening': 'Opening…',
  'password.tooShort': 'The password needs at least {min} characters',
  'password.mismatch': 'The passwords do not match',
  'passkey.setupTitle': 'Protect your wallet with a passkey',
  'passkey.setupHelp':
    'Your wallet is split into parts. A passkey on this device (or synced with your other devices) protects the part that lets you sign in on a new device. Nothing that opens it leaves this window.',
  'passkey.create': 'Create a passkey',
  'passkey.usePassword': 'Use a recovery password instead',
  'passkey.recoverTitle': 'Use your passkey',
  'passkey.recoverHelp': 'This is a new device: the passkey you created with your wallet opens it here.',
  'passkey.use': 'Use passkey',
  'passkey.waiting': 'Waiting for the passkey…',
  'passkey.cancelled': 'The passkey was not used. Try again, or choose the recovery password.',
  'passkey.noPrf':
    'This passkey cannot protect a wallet (it has no PRF support). Choose the recovery password.',
  'passkey.notUsed':
    'The passkey was not used: without the passkey you created for this wallet, this device cannot open it.',
  'passkey.wrong': 'This passkey does not open this wallet. Use the passkey you created with it.',
  'error.generic': 'Something went wrong: please try again',
  'approve.title.message': 'Sign a message',
  'approve.title.typedData': 'Sign typed data',
  'approve.title.transaction': 'Send a transaction',
  'approve.origin': 'Requested by',
  'approve.originHelp': 'This is the site that embeds this wallet, as your browser reports it.',
  'approve.dappClaim': 'The site calls itself “{name}” (not verified)',
  'approve.message': 'Message',
  'approve.messageHex': 'Message (not text, shown as hex)',
  'approve.domain': 'Domain',
  'approve.contract': 'Contract',
  'approve.domainChain': 'Domain chain',
  'approve.primaryType': 'Type',
  'approve.chainMismatch':
    'Warning: this signature is for chain {domain}, but the wallet is on chain {current}.',
  'approve.permit': 'Permission to spend tokens ({kind})',
  'approve.spender': 'Spender',
  'approve.token': 'Token',
  'approve.amount': 'Amount',
  'approve.unlimited': 'Unlimited',
  'approve.deadline': 'Valid until',
  'approve.noDeadline': 'No deadline',
  'approve.to': 'Recipient',
  'approve.contractCreation': 'New contract',
  'approve.value': 'Value',
  'approve.selector': 'Call',
  'approve.callTarget': 'Call recipient',
  'approve.callAmount': 'Call amount (raw units)',
  'approve.chain': 'Chain',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Gas limit',
  'approve.maxFee': 'Max fee per gas',
  'approve.priorityFee': 'Priority fee per gas',
  'approve.maxCost': 'Maximum network fee',
  'approve.from': 'Account',
  'approve.approve': 'Approve',
  'approve.reject': 'Reject',
  'approve.working': 'Signing…',
} as const

type MessageKey = keyof typeof en
type Catalog = Record<MessageKey, string>

// Other locales' catalogs plug in here.
const current: Catalog = en

/** The text for `key` in the current catalog, with `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = current[key] ?? en[key]
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  )
}
