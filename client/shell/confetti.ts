// Win celebration: a few dozen DOM confetti pieces animated with transforms.
// Skipped with reduced motion or on slow devices (plq-low-fx).
import { animate, motion } from "../shared/motion";

const COLOURS = ["var(--accent)", "#ffc928", "#2f86f6", "#22b35e", "#ef3b4b", "#9b4dff"];

export function confetti(host: HTMLElement, pieces = 36): void {
  if (motion.reduced || document.documentElement.classList.contains("plq-low-fx")) return;
  const layer = document.createElement("div");
  layer.className = "plq-confetti";
  host.appendChild(layer);
  const w = host.clientWidth || 360;
  const done: Promise<void>[] = [];
  for (let i = 0; i < pieces; i++) {
    const p = document.createElement("i");
    p.style.background = COLOURS[i % COLOURS.length] as string;
    p.style.left = `${Math.random() * 100}%`;
    if (i % 3 === 0) p.style.borderRadius = "50%";
    layer.appendChild(p);
    const drift = (Math.random() - 0.5) * w * 0.4;
    const spin = 360 + Math.random() * 540;
    done.push(
      animate(
        p,
        [
          { transform: "translate(0,-20px) rotate(0deg)", opacity: 1 },
          { transform: `translate(${drift}px, ${(host.clientHeight || 640) * 0.9}px) rotate(${spin}deg)`, opacity: 0.9, offset: 0.85 },
          { transform: `translate(${drift}px, ${host.clientHeight || 640}px) rotate(${spin}deg)`, opacity: 0 },
        ],
        1400 + Math.random() * 900,
        { easing: "cubic-bezier(.2,.6,.4,1)", delay: Math.random() * 300 },
      ),
    );
  }
  void Promise.all(done).then(() => layer.remove());
}
