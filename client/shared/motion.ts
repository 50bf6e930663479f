// Animation primitives shared by the shell and the renderers. Transforms and
// opacity only (compositor-friendly), through the Web Animations API when the
// browser has it; every animation resolves even if the browser never fires
// its finish event (throttled background frames), so game flow cannot stall.
// prefers-reduced-motion turns durations to zero: state still changes, but
// instantly.

const mq = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

export const motion = {
  reduced: mq ? mq.matches : false,
  /** Global multiplier; the shell lowers it on slow devices to keep turns short. */
  speed: 1,
};

if (mq) {
  const onChange = (e: MediaQueryListEvent) => (motion.reduced = e.matches);
  // Safari < 14 only has the deprecated addListener
  if (typeof mq.addEventListener === "function") mq.addEventListener("change", onChange);
  else if (typeof mq.addListener === "function") mq.addListener(onChange);
}

export function dur(ms: number): number {
  return motion.reduced ? 0 : Math.round(ms * motion.speed);
}

/** The time an animation takes: none with reduced motion, shorter on a slow device. */
export function wait(ms: number): Promise<void> {
  const d = dur(ms);
  return d <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, d));
}

/**
 * Time the player needs to see something — the second card of a wrong pair, the faces a paid peek
 * shows — rather than movement: reduced motion takes the movement away, never the look, and a slow
 * device keeps it whole too.
 */
export function hold(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms));
}

export type AnimOpts = { easing?: string; delay?: number };

/**
 * Plays keyframes on el and resolves when done. The element's own style must
 * already hold the end state (FLIP style): the animation only covers the way
 * there, so cancelling or skipping it never leaves a wrong picture.
 */
export function animate(el: Element, frames: Keyframe[], ms: number, opts: AnimOpts = {}): Promise<void> {
  const d = dur(ms);
  const delay = dur(opts.delay ?? 0);
  if (d <= 0 || typeof (el as HTMLElement).animate !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    try {
      const a = (el as HTMLElement).animate(frames, { duration: d, delay, easing: opts.easing ?? "ease", fill: "backwards" });
      a.onfinish = finish;
      a.oncancel = finish;
    } catch {
      finish();
      return;
    }
    setTimeout(finish, d + delay + 120);
  });
}

/** Brief horizontal shake: the gentle "no" for refused moves. */
export function shake(el: Element, px = 6): Promise<void> {
  return animate(
    el,
    [
      { transform: "translateX(0)" },
      { transform: `translateX(${-px}px)` },
      { transform: `translateX(${px}px)` },
      { transform: `translateX(${-px / 2}px)` },
      { transform: "translateX(0)" },
    ],
    320,
    { easing: "ease-in-out" },
  );
}

/**
 * Counts a number up (or down) in el's text over ms, on animation frames. `onFrame` gets the very
 * value shown on every frame (rounded), so other counters driven by it always agree with el.
 */
export function countTo(el: HTMLElement, from: number, to: number, ms: number, format: (n: number) => string, onFrame?: (n: number) => void): void {
  const d = dur(ms);
  const token = String(Math.random());
  el.dataset.countToken = token;
  if (d <= 0 || from === to || typeof requestAnimationFrame !== "function") {
    el.textContent = format(to);
    onFrame?.(to);
    delete el.dataset.counting;
    return;
  }
  // Marks the element while it counts, so tests (and assistive tech hooks) can tell when it is settled.
  el.dataset.counting = "1";
  const start = performance.now();
  const tick = (now: number) => {
    if (el.dataset.countToken !== token) return; // a newer count took over
    const t = Math.min(1, (now - start) / d);
    const eased = 1 - Math.pow(1 - t, 3);
    const value = t < 1 ? Math.round(from + (to - from) * eased) : to;
    el.textContent = format(value);
    onFrame?.(value);
    if (t < 1) requestAnimationFrame(tick);
    else delete el.dataset.counting;
  };
  requestAnimationFrame(tick);
}

/**
 * Measures frame rate while an animation runs; stop() returns frames per
 * second (null if too short to judge). Used to detect slow devices.
 */
export function sampleFrames(): { stop(): number | null } {
  if (typeof requestAnimationFrame !== "function") return { stop: () => null };
  let frames = 0;
  let running = true;
  const start = performance.now();
  const tick = () => {
    if (!running) return;
    frames++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      const elapsed = performance.now() - start;
      return elapsed < 400 ? null : (frames * 1000) / elapsed;
    },
  };
}
