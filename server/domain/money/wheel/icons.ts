import type { TWheelIcon } from "./draft-model";

/**
 * The built-in segment icons: small static SVGs (no scripts, no external references), so a
 * segment names an icon instead of uploading markup that would need sanitising.
 */
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;

const ICONS: Record<TWheelIcon, string> = {
  ticket: svg('<path d="M8 18h48v9a5 5 0 0 0 0 10v9H8v-9a5 5 0 0 0 0-10z" fill="#f59e0b"/><path d="M24 18v28" stroke="#fff" stroke-width="2" stroke-dasharray="3 3"/>'),
  coin: svg('<circle cx="32" cy="32" r="24" fill="#eab308"/><circle cx="32" cy="32" r="17" fill="none" stroke="#fef08a" stroke-width="3"/><text x="32" y="40" font-size="22" text-anchor="middle" fill="#713f12" font-family="sans-serif">C</text>'),
  star: svg('<path d="M32 6l7.6 16.6 18 2-13.4 12.2 3.8 17.8L32 45.6 16 54.6l3.8-17.8L6.4 24.6l18-2z" fill="#facc15"/>'),
  gift: svg('<rect x="10" y="26" width="44" height="30" fill="#ef4444"/><rect x="6" y="18" width="52" height="10" fill="#dc2626"/><rect x="29" y="18" width="6" height="38" fill="#fde047"/>'),
  trophy: svg('<path d="M18 8h28v14a14 14 0 0 1-28 0z" fill="#f59e0b"/><path d="M28 36h8v10h-8z" fill="#d97706"/><rect x="20" y="46" width="24" height="8" fill="#92400e"/>'),
  heart: svg('<path d="M32 54S8 40 8 23a12 12 0 0 1 24-4 12 12 0 0 1 24 4c0 17-24 31-24 31z" fill="#ec4899"/>'),
  lightning: svg('<path d="M36 4L12 36h16l-4 24 28-34H34z" fill="#6366f1"/>'),
  try_again: svg('<path d="M32 12a20 20 0 1 1-18 11" fill="none" stroke="#64748b" stroke-width="6" stroke-linecap="round"/><path d="M8 12l8 14 12-10z" fill="#64748b"/>'),
};

export function wheelIconSvg(name: string): string | null {
  return Object.hasOwn(ICONS, name) ? ICONS[name as TWheelIcon] : null;
}

/** Where players fetch an icon (the plain route in server/http/plain-routes/table.ts). */
export function wheelIconUrl(name: string): string {
  return `/v1/game-assets/wheel/icons/${name}.svg`;
}
