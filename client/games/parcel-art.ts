// Parcel Pilot's artwork (inline SVG, no downloads), shared by the renderer and the how-to-play
// screen: the van, a parcel wrapped in its colour's ribbon, and the house with the same colour
// door and roof where it goes.
export const VAN_ART =
  '<rect x="4" y="18" width="38" height="28" rx="6" fill="var(--accent, #6c5ce7)"/><path d="M42 25h9l9 11v10H42z" fill="var(--accent, #6c5ce7)"/>' +
  '<path d="M45 28h5l6 8H45z" fill="#dff3ff"/><rect x="9" y="23" width="24" height="9" rx="3" fill="#fff" opacity=".9"/><path d="M13 27.5h16" stroke="var(--accent, #6c5ce7)" stroke-width="2.5"/>' +
  '<rect x="4" y="38" width="56" height="4" fill="#000" opacity=".12"/>' +
  '<circle cx="16" cy="48" r="6" fill="#2b2d42"/><circle cx="16" cy="48" r="2.5" fill="#edf2f4"/><circle cx="48" cy="48" r="6" fill="#2b2d42"/><circle cx="48" cy="48" r="2.5" fill="#edf2f4"/>';

/** A cardboard parcel tied with a ribbon in the parcel's colour (hue). */
export function boxArt(hue: number): string {
  const ribbon = `hsl(${hue},80%,42%)`;
  return (
    '<rect x="10" y="18" width="44" height="36" rx="4" fill="#d9a066"/><path d="M10 28h44" stroke="#b5774a" stroke-width="3"/>' +
    `<rect x="28" y="18" width="8" height="36" fill="${ribbon}"/><path d="M32 18c-8-10-16-4-10 0zM32 18c8-10 16-4 10 0z" fill="${ribbon}"/>`
  );
}

/** A house whose roof and door carry the colour of the parcel it waits for. */
export function houseArt(hue: number): string {
  const c = `hsl(${hue},75%,42%)`;
  return (
    `<path d="M6 31L32 9l26 22z" fill="${c}"/><path d="M6 31L32 9l26 22" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round" opacity=".6"/>` +
    '<rect x="12" y="30" width="40" height="26" fill="#fff7ea"/><rect x="16" y="36" width="9" height="8" rx="1.5" fill="#9fd3f5"/>' +
    `<rect x="30" y="38" width="13" height="18" rx="2" fill="${c}"/><circle cx="40" cy="48" r="1.4" fill="#fff"/>`
  );
}
