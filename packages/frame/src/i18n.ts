import { directionOf, matchLocale } from '@latch/core/internal'

// Every string the frame shows on its own screens. English is the source; the other catalogs in
// ./locales carry the same keys (the type says so, and i18n.test.ts checks the placeholders).
// `{name}` placeholders are filled by `t`; text is only ever set as text.

export const en = {
  'notice.title': 'Latch login',
  'notice.notFramed': 'This page runs only inside the app that opened it.',
  'notice.insecure': 'The login frame needs a secure connection (https).',
  'notice.notAllowed': 'This app is not allowed to use this login.',
  'notice.noOpener': 'This window works only when an app opens it.',
  'notice.noStorage':
    'This browser gives the wallet no storage here (third-party storage is blocked), so a login could not be kept. Continue in the wallet’s own window, or allow third-party site data for this app in the browser’s settings and reload the page.',
  'window.wallet':
    'Your wallet for {origin} runs in this window, where this browser keeps its login. Keep the window open while you use the app; closing it disconnects the app, and the login stays here for the next time.',
  'password.setupTitle': 'Set a recovery password',
  'password.recoverTitle': 'Enter your recovery password',
  'password.setupHelp':
    'Your wallet is split into parts. This password protects the part that lets you sign in on a new device. It never leaves this window, and it cannot be reset: without it a new device cannot open your wallet. At least {min} characters.',
  'password.recoverHelp':
    'This is a new device: the password you set when you created your wallet opens it here.',
  'password.backupTitle': 'Also set a recovery password?',
  'password.backupHelp':
    'For a device without this passkey: this password opens your wallet there. It never leaves this window and cannot be reset. At least {min} characters.',
  'password.skip': 'Skip: the passkey only',
  'password.label': 'Recovery password',
  'password.repeat': 'Repeat the password',
  'password.create': 'Create wallet',
  'password.recover': 'Recover wallet',
  'password.creating': 'Creating…',
  'password.opening': 'Opening…',
  'password.tooShort': 'The password needs at least {min} characters',
  'password.mismatch': 'The passwords do not match',
  'password.weak':
    'This password is too easy to guess. Use a longer one: four or more unrelated words work well.',
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
  'passkey.lostTitle': 'This device can’t open your wallet without its passkey',
  'passkey.lostHelp':
    'The passkey was not used, so this device cannot open your wallet: the part that opens it on a new device is locked with the passkey you created with it, and nobody else can unlock it, not the app and not its server. Sign in on a device that has this passkey: the one you created the wallet on, a device your passkeys sync to, or your security key. If you cancelled by mistake, try again.',
  'passkey.lostHelpPassword':
    'The passkey was not used here. You also set a recovery password for this wallet: it opens the wallet on this device. Or sign in on a device that has the passkey, or try again.',
  'passkey.tryAgain': 'Try the passkey again',
  'passkey.helpLink': 'Where are my passkeys? (opens a new tab)',
  'passkey.wrong': 'This passkey does not open this wallet. Use the passkey you created with it.',
  'password.wrong': 'The recovery password is not correct',
  'recovery.mismatch': 'The recovered wallet does not match this account',
  'error.generic': 'Something went wrong: please try again',
  'approve.title.message': 'Sign a message',
  'approve.title.typedData': 'Sign typed data',
  'approve.title.transaction': 'Send a transaction',
  'approve.title.solanaTransaction': 'Send a Solana transaction',
  'approve.title.solanaSign': 'Sign a Solana transaction (the site sends it)',
  'approve.feePayer': 'Network fee paid by',
  'approve.title.userOperation': 'Send from your smart account',
  'approve.fromSmartAccount': 'Smart account',
  'approve.callNumber': 'Call {index} of {count}',
  'approve.paidByApp': 'The app (sponsored)',
  'approve.createsAccount': 'Creates your smart account on this chain (its first use)',
  'approve.program': 'Program called',
  'approve.lookupTables':
    'This transaction also uses {count} accounts from address lookup tables; they are not shown here.',
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
  'approve.riskUnlimited':
    'High risk: this lets {spender} take all of this token you hold, now and later, without asking again.',
  'approve.riskAllItems':
    'High risk: this lets {operator} take every item of this collection you hold, now and later, without asking again.',
  'approve.riskUnknownPermit':
    'High risk: this looks like a permission over your assets, of a kind this wallet cannot summarise. Check every field below.',
  'approve.unknownCall':
    'This wallet cannot decode this call (unknown function {selector}). Approve only if you trust the site: the raw data is below.',
  'approve.irregularCall':
    'The arguments of this call are not in the standard encoding, so a contract may read them differently. The raw data is below.',
  'approve.trailing': 'The call carries {count} extra bytes after its arguments (shown below).',
  'approve.trailingBytes': 'Extra bytes',
  'approve.rawData': 'Raw data (exactly what is signed)',
  'approve.rawAmount': '{amount} (raw units: the token’s decimals could not be read)',
  'approve.nativeOf': '{amount} (native currency of chain {chain})',
  'approve.fields': 'Everything signed',
  'approve.seaportListing': 'Sale listing (Seaport): the items you give, for the payments below',
  'approve.seaportOffer': 'Offer (Seaport): the payment you give, for the items below',
  'approve.youGive': 'You give',
  'approve.inReturn': 'Paid in return (to)',
  'approve.hiddenCharacters':
    'This text contains invisible or direction-changing characters, shown here as ⟨U+…⟩: it may not read the way it is signed.',
  'approve.foreignSignIn': 'This sign-in message is for {domain}, not for the site asking ({origin}).',
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
  'approve.chain': 'Chain',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Gas limit',
  'approve.networkFee': 'Network fee',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Your balance ({balance}) cannot pay this transaction: it needs up to {needed}, the value plus the maximum network fee. The network would refuse it, so it cannot be approved. Add funds to this account, then ask again.',
  'approve.from': 'Account',
  'approve.approve': 'Approve',
  'approve.reject': 'Reject',
  'approve.working': 'Signing…',
  'approve.unreachable': "The wallet server can't be reached",
  'approve.unreachableHelp':
    'Nothing was signed or sent. Check your connection and press Retry, or Close to cancel the request.',
  'approve.retry': 'Retry',
  'approve.close': 'Close',
  'approve.openWindow': 'Review in the wallet window',
  'approve.windowHelp':
    'This browser cannot show the wallet whether the page covers this screen, so you decide in the wallet’s own window on {origin}.',
  'approve.windowWaiting': 'Approve or reject in the wallet window.',
  'approve.windowTitle': 'Latch wallet',
  'approve.windowDone': 'Done. You can close this window.',
  'approve.windowGone': 'This request is no longer waiting. You can close this window.',
  'export.title': 'Export your wallet',
  'export.help':
    'Your recovery phrase and private keys are shown in a separate window of {origin}, after a code we send to {email}. Anyone who sees them controls your wallet.',
  'export.open': 'Open the export window',
  'export.cancel': 'Cancel',
  'export.blocked': 'The window did not open: allow pop-ups for this site and try again.',
  'guard.hint': 'For your safety, the buttons here work once this screen has been in view for a moment.',
  'guard.wait': 'Available in a moment, for your safety',
  'window.title': 'Export your wallet',
  'window.notTopLevel': 'This page works only in its own window.',
  'window.noLogin':
    'No wallet was handed to this window: it works only when the wallet in the app opens it. In the app, sign in, open your account, choose “Export wallet”, then “Open the export window”.',
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
  'recoveryNotice.recoveredTitle': 'Your wallet was opened on a new device',
  'recoveryNotice.recoveredText':
    'A new device recovered your wallet with your email. If this was not you, someone can read your email: secure your mailbox and contact the app.',
  'recoveryNotice.pendingTitle': 'A new device asked to open your wallet',
  'recoveryNotice.pendingText':
    'It can open your wallet after {until}. If this was not you, press “This wasn’t me” to stop it.',
  'recoveryNotice.cancelledTitle': 'A new device was stopped',
  'recoveryNotice.cancelledText':
    'A new device asked to open your wallet and was stopped with “This wasn’t me”. It cannot open your wallet.',
  'recoveryNotice.time': 'Time',
  'recoveryNotice.browser': 'Browser',
  'recoveryNotice.ip': 'IP address',
  'recoveryNotice.stop': 'This wasn’t me',
  'recoveryNotice.dismiss': 'Dismiss',
  'recoveryNotice.close': 'Close',
  'recoveryNotice.tooLate': 'This recovery has already completed or was stopped.',
  'recoveryWait.pendingTitle': 'Your wallet opens here later',
  'recoveryWait.pendingText':
    'For your safety, this new device can open your wallet after {until}. We told the owner by email and on the other devices. Come back then and sign in again.',
  'recoveryWait.cancelledTitle': 'This device was stopped',
  'recoveryWait.cancelledText':
    'The owner of this wallet pressed “This wasn’t me”: this device cannot open it.',
} as const

/** A catalog: every key of the English one. */
export type Catalog = Record<keyof typeof en, string>

/** The frame's languages besides English: the same as the modal's. */
export const localeLoaders = {
  ar: () => import('./locales/ar.js'),
  de: () => import('./locales/de.js'),
  es: () => import('./locales/es.js'),
  fa: () => import('./locales/fa.js'),
  fr: () => import('./locales/fr.js'),
  he: () => import('./locales/he.js'),
  hi: () => import('./locales/hi.js'),
  id: () => import('./locales/id.js'),
  it: () => import('./locales/it.js'),
  ja: () => import('./locales/ja.js'),
  ko: () => import('./locales/ko.js'),
  nl: () => import('./locales/nl.js'),
  pl: () => import('./locales/pl.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ru: () => import('./locales/ru.js'),
  tr: () => import('./locales/tr.js'),
  uk: () => import('./locales/uk.js'),
  vi: () => import('./locales/vi.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
} satisfies Record<string, () => Promise<{ messages: Catalog }>>

type LocaleCode = 'en' | keyof typeof localeLoaders
const supported = ['en', ...Object.keys(localeLoaders)] as LocaleCode[]

let current: Catalog = en
let currentCode: LocaleCode = 'en'

/** The language chosen by {@link chooseLocale}, for Intl's number formats. */
export const currentLocale = (): string => currentCode

/**
 * Chooses the catalog: the `locale` query parameter the kit passes (the modal's language), else
 * the browser's languages, else English. Sets the document's `lang` and `dir` (right-to-left for
 * Arabic, Hebrew and Persian). A catalog that fails to load leaves English.
 */
export async function chooseLocale(requested: readonly string[]): Promise<LocaleCode> {
  const locale = matchLocale(requested, supported) ?? 'en'
  current = en
  if (locale !== 'en') {
    try {
      current = (await localeLoaders[locale]()).messages
    } catch {
      current = en
      currentCode = 'en'
      return 'en'
    }
  }
  currentCode = locale
  document.documentElement.lang = locale
  document.documentElement.dir = directionOf(locale)
  return locale
}

/** The text for `key` in the current catalog, with `{name}` placeholders filled from `vars`. */
export function t(key: keyof typeof en, vars: Record<string, string | number> = {}): string {
  const text = current[key] ?? en[key]
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  )
}
