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
  'error.generic': 'Something went wrong: please try again',
  'export.title': 'Export your wallet',
  'export.help':
    'Your recovery phrase and private keys are shown in a separate window of {origin}, after a code we send to {email}. Anyone who sees them controls your wallet.',
  'export.open': 'Open the export window',
  'export.cancel': 'Cancel',
  'export.blocked': 'The window did not open: allow pop-ups for this site and try again.',
  'guard.hint': 'For your safety, point at a button for a moment before you press it.',
  'window.title': 'Export your wallet',
  'window.notTopLevel': 'This page works only in its own window.',
  'window.noLogin':
    'No wallet is signed in for this app in this browser (or the browser keeps the login only inside the app). Sign in in the app, then open this window again from its Account view.',
  'window.intro':
    'Signed in as {email}. We send a code to this email; your recovery phrase and private keys are shown here once you enter it. We also tell you by mail when they were shown.',
  'window.sendCode': 'Send the code',
  'window.sending': 'Sending…',
  'window.codeSent': 'We sent a code to {email}.',
  'window.codeLabel': 'Code from the email',
  'window.codeFormat': 'The code has 6 digits',
  'window.reveal': 'Show recovery phrase and keys',
  'window.revealing': 'Opening…',
  'window.warning':
    'Anyone who sees these controls your wallet. Write the phrase down offline; never type it into a website or share it.',
  'window.phrase': 'Recovery phrase',
  'window.evmKey': 'Ethereum private key ({address})',
  'window.solanaKey': 'Solana private key ({address})',
  'window.close': 'Hide and close',
  'window.closed': 'Hidden. You can close this window.',
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
