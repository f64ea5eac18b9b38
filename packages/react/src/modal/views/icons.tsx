import type { ReactNode } from 'react'

/**
 * Small line icons drawn inline (no font glyph or image to depend on); decorative. Every icon is
 * one stroked 20×20 drawing; `className: 'latch-chevron'` marks the ones that mirror in
 * right-to-left layouts.
 */
function lineIcon(
  children: ReactNode,
  {
    size = 18,
    strokeWidth = 1.6,
    className,
  }: { size?: number; strokeWidth?: number; className?: string } = {},
) {
  return function Icon() {
    return (
      <svg
        aria-hidden="true"
        className={className}
        viewBox="0 0 20 20"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
      >
        {children}
      </svg>
    )
  }
}

export const CopyIcon = lineIcon(
  <>
    <rect x="7" y="7" width="10" height="10" rx="2" />
    <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
  </>,
)

export const ExternalIcon = lineIcon(
  <path d="M11 3h6v6M17 3l-8 8M8 4H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2v-3" />,
)

export const PowerIcon = lineIcon(<path d="M10 2v7M5.5 5a7 7 0 1 0 9 0" />, { strokeWidth: 1.8 })

export const WalletIcon = lineIcon(
  <path d="M3 6a2 2 0 0 1 2-2h9v3M3 6v9a2 2 0 0 0 2 2h11V7H5a2 2 0 0 1-2-2M13 12h1" />,
)

export const KeyIcon = lineIcon(
  <>
    <circle cx="7" cy="13" r="3.5" />
    <path d="M9.5 10.5L17 3M14 6l2 2M12 8l1.5 1.5" />
  </>,
)

/** A chevron pointing to the end of the line; it mirrors in right-to-left layouts. */
export const SendIcon = lineIcon(<path d="M5 15L15 5M7 5h8v8" />, { strokeWidth: 1.8 })
export const ReceiveIcon = lineIcon(<path d="M15 5L5 15M13 15H5V7" />, { strokeWidth: 1.8 })
export const BuyIcon = lineIcon(<path d="M10 4v12M4 10h12" />, { strokeWidth: 1.8 })
export const SwapIcon = lineIcon(<path d="M4 7h11l-3-3M16 13H5l3 3" />, { strokeWidth: 1.8 })
export const ChevronIcon = lineIcon(<path d="M8 5l5 5-5 5" />, {
  size: 16,
  strokeWidth: 1.8,
  className: 'latch-chevron',
})

/** The Back arrow: points to the start of the line, so it mirrors in right-to-left layouts. */
export const BackIcon = lineIcon(<path d="M12 4l-6 6 6 6" />, {
  size: 20,
  strokeWidth: 2,
  className: 'latch-chevron',
})
