/** Small line icons drawn inline (no font glyph or image to depend on); decorative. */
export function CopyIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <rect x="7" y="7" width="10" height="10" rx="2" />
      <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
    </svg>
  )
}

export function ExternalIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M11 3h6v6M17 3l-8 8M8 4H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2v-3" />
    </svg>
  )
}

export function PowerIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M10 2v7M5.5 5a7 7 0 1 0 9 0" />
    </svg>
  )
}

/** A chevron pointing to the end of the line; it mirrors in right-to-left layouts. */
export function ChevronIcon() {
  return (
    <svg
      aria-hidden="true"
      className="latch-chevron"
      viewBox="0 0 20 20"
      width={16}
      height={16}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M8 5l5 5-5 5" />
    </svg>
  )
}

/** The Back arrow: points to the start of the line, so it mirrors in right-to-left layouts. */
export function BackIcon() {
  return (
    <svg
      aria-hidden="true"
      className="latch-chevron"
      viewBox="0 0 20 20"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 4l-6 6 6 6" />
    </svg>
  )
}
