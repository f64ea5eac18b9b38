export { defaultTestWalletOptions, expect, test } from './fixture.js'
export { type InjectTestWalletOptions, injectTestWallet, type TestWalletHandle } from './injectTestWallet.js'
