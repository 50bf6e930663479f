// Applies the project's accent colour as CSS variables. Only #rgb/#rrggbb is
// accepted (a CSS value from the server could otherwise inject styles); the
// text colour on the accent is chosen by luminance for contrast.

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] {
  const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const ch = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
}

export function applyAccent(accent: unknown, root: HTMLElement = document.documentElement): void {
  if (typeof accent !== "string" || !HEX.test(accent)) return;
  const c = rgb(accent.toLowerCase());
  root.style.setProperty("--accent", accent);
  root.style.setProperty("--accent-rgb", c.join(","));
  // dark text on light accents, white on dark ones (contrast >= 4.5 either way for most hues)
  root.style.setProperty("--on-accent", luminance(c) > 0.45 ? "#1b1b2f" : "#ffffff");
}

/**
 * A project background behind a screen (lobby or game board): only http(s) or same-origin paths
 * are used. The image covers the screen under a light scrim layered in the same background, so
 * text and the board stay readable whatever the photo.
 */
export function applyBackground(el: HTMLElement, url: unknown): void {
  if (typeof url !== "string" || !(/^https?:\/\//.test(url) || url.startsWith("/")) || /["'()\\\s]/.test(url)) return;
  el.style.backgroundImage = `linear-gradient(rgba(255, 255, 255, 0.58), rgba(255, 255, 255, 0.58)), url("${url}")`;
  el.classList.add("has-bg");
}
