import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { frameUrl, states, variants } from './states.js'

/**
 * Every view of the modal with fixture states, in light, dark, at a phone's width and in Arabic,
 * each in a frame of its own (the modal covers its window). For review; `npm run
 * gallery:screenshots` saves each frame as an image.
 *
 * The frames load a few at a time, in page order: each starts the app, and forty-four starting at
 * once ran Chrome out of request slots (`ERR_INSUFFICIENT_RESOURCES`), leaving a frame blank.
 */
const AT_ONCE = 4

function Gallery() {
  const [loaded, setLoaded] = useState(0)
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Latch modal gallery</h1>
      {states.map((state, stateIndex) => (
        <section key={state} aria-labelledby={`gallery-${state}`}>
          <h2 id={`gallery-${state}`}>{state}</h2>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            {variants.map((variant, variantIndex) => {
              const started = stateIndex * variants.length + variantIndex < loaded + AT_ONCE
              return (
                <iframe
                  key={variant.id}
                  title={`${state} (${variant.id})`}
                  data-gallery={`${state}-${variant.id}`}
                  src={started ? frameUrl(state, variant) : undefined}
                  onLoad={started ? () => setLoaded((count) => count + 1) : undefined}
                  width={variant.width}
                  height={variant.id === 'phone' ? 760 : 640}
                  style={{ border: '1px solid #d4d4d8', borderRadius: 8 }}
                />
              )
            })}
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
