// Card faces for memory_v1, one small drawing per face id of the engine
// (MEMORY_FACES). Drawn as SVG rather than emoji: emoji fonts are missing on
// some systems and look different everywhere. Each face differs in shape AND
// colour, and the card carries the face name as its accessible label.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { t } from "../shared/i18n";

const FACES: Record<string, string> = {
  apple: '<path d="M32 21c-7-6-21-3-21 12 0 14 10 25 21 20 11 5 21-6 21-20 0-15-14-18-21-12z" fill="#e63946"/><path d="M32 21c0-6 2-10 7-13" stroke="#6b3e26" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M35 15c5-6 12-5 15-3-4 5-10 6-15 3z" fill="#52b788"/>',
  anchor: '<g fill="none" stroke="#1d4e89" stroke-width="5" stroke-linecap="round"><circle cx="32" cy="12" r="5"/><path d="M32 17v38M21 27h22M11 38c0 10 9 17 21 17s21-7 21-17"/></g>',
  bell: '<path d="M32 9c-10 0-16 8-16 18v11l-6 8h44l-6-8V27c0-10-6-18-16-18z" fill="#f4a261"/><circle cx="32" cy="51" r="5" fill="#c4572f"/>',
  bolt: '<path d="M37 5L13 36h15l-4 23 26-33H35z" fill="#ffd60a" stroke="#d99a00" stroke-width="2.5" stroke-linejoin="round"/>',
  cactus: '<path d="M27 56V14a5 5 0 0 1 10 0v42zM27 40h-7a6 6 0 0 1-6-6v-9a3 3 0 0 1 6 0v9h7zM37 33h7V23a3 3 0 0 1 6 0v10a6 6 0 0 1-6 6h-7z" fill="#2a9d8f"/><rect x="17" y="54" width="30" height="6" rx="3" fill="#a1683a"/>',
  cherry: '<path d="M21 40c2-14 9-25 22-31M43 40c-2-12-1-22 0-31" stroke="#4f772d" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="20" cy="45" r="10" fill="#c1121f"/><circle cx="44" cy="45" r="10" fill="#c1121f"/><circle cx="17" cy="42" r="2.5" fill="#fff" opacity=".6"/>',
  cloud: '<path d="M17 47a11 11 0 0 1 0-22 15 15 0 0 1 28-5 12 12 0 0 1 2 27z" fill="#7ec8e3"/>',
  crown: '<path d="M9 45L7 17l13 12 12-18 12 18 13-12-2 28z" fill="#ffb703"/><rect x="9" y="47" width="46" height="7" rx="2" fill="#fb8500"/>',
  diamond: '<path d="M18 11h28l13 15-27 31L5 26z" fill="#48cae4"/><path d="M5 26h54M25 11l-7 15 14 31 14-31-7-15" stroke="#0077b6" stroke-width="2" fill="none" stroke-linejoin="round"/>',
  drum: '<path d="M11 22v21c0 5 9 9 21 9s21-4 21-9V22" fill="#d62828"/><ellipse cx="32" cy="22" rx="21" ry="8" fill="#f1faee" stroke="#9d0208" stroke-width="3"/><path d="M11 42l10-18 11 26 11-26 10 18" stroke="#ffd166" stroke-width="2.5" fill="none"/>',
  feather: '<path d="M52 7C31 9 16 26 16 47l3 3c21 0 35-17 35-38z" fill="#9d4edd"/><path d="M10 56l34-35" stroke="#5a189a" stroke-width="3" stroke-linecap="round"/>',
  fish: '<path d="M7 32c9-13 27-17 39-4l11-9v26l-11-9C34 49 16 45 7 32z" fill="#fb8500"/><circle cx="19" cy="30" r="3" fill="#023047"/>',
  flower: '<g fill="#ff70a6"><circle cx="32" cy="15" r="9"/><circle cx="48" cy="27" r="9"/><circle cx="42" cy="46" r="9"/><circle cx="22" cy="46" r="9"/><circle cx="16" cy="27" r="9"/></g><circle cx="32" cy="32" r="8" fill="#ffd60a"/>',
  gift: '<rect x="10" y="27" width="44" height="29" rx="3" fill="#06d6a0"/><rect x="7" y="19" width="50" height="10" rx="2" fill="#04a57c"/><path d="M32 19v37" stroke="#ef476f" stroke-width="6"/><path d="M32 19c-4-10-17-11-15-3 2 5 15 3 15 3zm0 0c4-10 17-11 15-3-2 5-15 3-15 3z" fill="#ef476f"/>',
  heart: '<path d="M32 55S7 41 7 24a12 12 0 0 1 25-5 12 12 0 0 1 25 5c0 17-25 31-25 31z" fill="#ef233c"/>',
  key: '<circle cx="19" cy="32" r="10" fill="none" stroke="#d4a017" stroke-width="6"/><path d="M29 32h27M48 32v9M56 32v7" stroke="#d4a017" stroke-width="6" stroke-linecap="round"/>',
  kite: '<path d="M32 5l17 19-17 27-17-27z" fill="#4361ee"/><path d="M32 5v46M15 24h34" stroke="#fff" stroke-width="2"/><path d="M32 51c-5 3 5 5 0 9" stroke="#f72585" stroke-width="2.5" fill="none" stroke-linecap="round"/>',
  leaf: '<path d="M11 53C11 25 27 10 55 9c0 27-15 44-44 44z" fill="#52b788"/><path d="M11 53l31-31" stroke="#2d6a4f" stroke-width="3" stroke-linecap="round"/>',
  moon: '<path d="M40 7a25 25 0 1 0 17 41A21 21 0 0 1 40 7z" fill="#ffd166"/><circle cx="24" cy="36" r="3" fill="#f4a261"/><circle cx="31" cy="47" r="2" fill="#f4a261"/>',
  mushroom: '<path d="M7 33C7 18 19 9 32 9s25 9 25 24z" fill="#e63946"/><rect x="24" y="33" width="16" height="22" rx="6" fill="#f1e3d3"/><circle cx="21" cy="22" r="4" fill="#fff"/><circle cx="40" cy="17" r="3" fill="#fff"/><circle cx="46" cy="27" r="3" fill="#fff"/>',
  planet: '<circle cx="32" cy="32" r="16" fill="#7209b7"/><ellipse cx="32" cy="32" rx="28" ry="8" fill="none" stroke="#f72585" stroke-width="4" transform="rotate(-20 32 32)"/>',
  rocket: '<path d="M32 5c10 8 14 20 12 35H20C18 25 22 13 32 5z" fill="#8d99ae"/><circle cx="32" cy="23" r="5" fill="#4cc9f0"/><path d="M20 38l-8 11h10zM44 38l8 11H42z" fill="#f72585"/><path d="M26 42h12l-6 15z" fill="#ff9e00"/>',
  shell: '<path d="M32 10L7 40c9 11 41 11 50 0z" fill="#ffafcc"/><path d="M32 10L18 45M32 10v37M32 10l14 35" stroke="#d9788e" stroke-width="2.5"/><rect x="25" y="46" width="14" height="8" rx="2" fill="#d9788e"/>',
  star: '<path d="M32 5l7.8 16.6 18.2 2.2-13.4 12.5 3.5 18L32 45.2 15.9 54.3l3.5-18L6 23.8l18.2-2.2z" fill="#ffc300" stroke="#e09f00" stroke-width="2" stroke-linejoin="round"/>',
};

/** Inner SVG markup for a face (viewBox 0 0 64 64); unknown faces get a lettered disc. */
export function faceMarkup(face: string): string {
  const known = FACES[face];
  if (known) return known;
  // only a-z letter is ever put in markup; anything else becomes "?"
  const letter = /^[a-z]/i.test(face) ? face.charAt(0).toUpperCase() : "?";
  return `<circle cx="32" cy="32" r="24" fill="#6c63ff"/><text x="32" y="41" font-size="26" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-weight="700">${letter}</text>`;
}

/** Each face's name, said in the card's accessible label. */
const NAMES: Record<string, TMessageKey> = {
  apple: "memory.face.apple",
  anchor: "memory.face.anchor",
  bell: "memory.face.bell",
  bolt: "memory.face.bolt",
  cactus: "memory.face.cactus",
  cherry: "memory.face.cherry",
  cloud: "memory.face.cloud",
  crown: "memory.face.crown",
  diamond: "memory.face.diamond",
  drum: "memory.face.drum",
  feather: "memory.face.feather",
  fish: "memory.face.fish",
  flower: "memory.face.flower",
  gift: "memory.face.gift",
  heart: "memory.face.heart",
  key: "memory.face.key",
  kite: "memory.face.kite",
  leaf: "memory.face.leaf",
  moon: "memory.face.moon",
  mushroom: "memory.face.mushroom",
  planet: "memory.face.planet",
  rocket: "memory.face.rocket",
  shell: "memory.face.shell",
  star: "memory.face.star",
};

/** A face's name in the current language; a face without a name of its own is called by its id. */
export function faceName(face: string): string {
  const key = NAMES[face];
  return key ? t(key) : face;
}
