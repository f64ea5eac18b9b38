// scripts/tarball-app.mjs writes ./App.tsx: the README's "Use it in your app" sample as it stands,
// with the RPC URLs taken from the page's `?mainnet=` and `?base=` (the local chains).
import { createRoot } from 'react-dom/client'
import { App } from './App'

createRoot(document.getElementById('root')!).render(<App />)
