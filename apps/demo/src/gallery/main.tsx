import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { frameUrl, states, variants } from './states.js'

/**
 * Every view of the modal with fixture states, in light, dark, at a phone's width and in Arabic,
 * each in a frame of its own (the modal covers its window). For review; `npm run
 * gallery:screenshots` saves each frame as an image.
 */
function Gallery() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Latch modal gallery</h1>
      {states.map((state) => (
        <section key={state} aria-labelledby={`gallery-${state}`}>
          <h2 id={`gallery-${state}`}>{state}</h2>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            {variants.map((variant) => (
              <iframe
                key={variant.id}
                title={`${state} (${variant.id})`}
                data-gallery={`${state}-${variant.id}`}
                src={frameUrl(state, variant)}
                width={variant.width}
                height={variant.id === 'phone' ? 760 : 640}
                style={{ border: '1px solid #d4d4d8', borderRadius: 8 }}
              />
            ))}
          </div>
        </section>
      ))}
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <Gallery />
  </StrictMode>,
)
