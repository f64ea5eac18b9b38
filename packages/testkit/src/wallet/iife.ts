// Entry of dist/wallet.iife.js, the self-contained bundle the Playwright init script evaluates.
export { installTestWallet as install } from './install.js'
