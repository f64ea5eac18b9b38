// scripts/tarball-app.mjs writes ./App.tsx and ./WalletButton.tsx: the blocks of
// docs/migrate-from-rainbowkit.md as they stand, with the RPC URLs taken from the page's
// `?mainnet=` and `?base=` (the local chains), and the app's own SignMessage beside the buttons.
import { createRoot } from 'react-dom/client'
import { App } from './App'

createRoot(document.getElementById('root')!).render(<App />)
