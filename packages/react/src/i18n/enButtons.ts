/**
 * The English strings of the buttons, the only ones the first load needs. The rest of the English
 * catalog (en.ts) comes with the modal's chunk.
 */
export const enButtons = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.offline': 'Offline — reconnecting…',
  'button.network': 'Network',
  'button.network.unsupported': 'Wrong network',
  'button.account.label': 'Account {address}',
} as const
