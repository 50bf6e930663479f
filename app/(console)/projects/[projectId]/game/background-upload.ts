/** Limits mirrored from the server (server/domain/platform/backgrounds/limits.ts) for instant, friendly checks. */
export const BG = { maxBytes: 5 * 1024 * 1024, minW: 420, minH: 760, maxW: 2160, maxH: 3840, minAspect: 0.5, maxAspect: 0.65, outW: 840, outH: 1520 } as const;

/** What is wrong with a picture's size and shape, in words a person acts on (null when fine). The server checks again. */
export function describeDimensionProblem(w: number, h: number): string | null {
  if (w >= h) return `This image is ${w === h ? "square" : "landscape"} (${w}×${h}); use a portrait (taller than wide) photo at least ${BG.minW}×${BG.minH}.`;
  if (w < BG.minW || h < BG.minH) return `This image is ${w}×${h}; use a portrait photo at least ${BG.minW}×${BG.minH}.`;
  if (w > BG.maxW || h > BG.maxH) return `This image is ${w}×${h}; use at most ${BG.maxW}×${BG.maxH}.`;
  const a = w / h;
  if (a < BG.minAspect || a > BG.maxAspect) return `This image (${w}×${h}) is not phone-shaped; crop it to a width/height ratio between 0.50 and 0.65, for example 1080×1920.`;
  return null;
}

export function describeFileProblem(file: File): string | null {
  if (file.type && !["image/png", "image/jpeg", "image/webp"].includes(file.type)) return "This file is not a PNG, JPEG or WebP image.";
  if (file.size > BG.maxBytes) return `This file is ${(file.size / 1024 / 1024).toFixed(1)} MiB; the limit is 5 MiB.`;
  return null;
}

/** The centred cover crop the server applies, as fractions of the image (for the crop guide). */
export function coverCrop(w: number, h: number): { left: number; top: number; width: number; height: number } {
  const target = BG.outW / BG.outH;
  if (w / h > target) {
    const cw = (h * target) / w;
    return { left: (1 - cw) / 2, top: 0, width: cw, height: 1 };
  }
  const ch = w / target / h;
  return { left: 0, top: (1 - ch) / 2, width: 1, height: ch };
}

class UploadError extends Error {}

/**
 * PUT the file as multipart with the console's cookie (the route refuses bearer tokens), through
 * XMLHttpRequest because fetch reports no upload progress.
 */
export function uploadBackground(projectId: string, slot: string, file: File, onProgress: (fraction: number) => void): Promise<{ url: string; config_revision: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/v1/admin/projects/${encodeURIComponent(projectId)}/game-assets/${encodeURIComponent(slot)}/background`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new UploadError("The upload did not reach the server; check your connection and try again."));
    xhr.onload = () => {
      let body: { message?: string; code?: string; url?: string; config_revision?: number } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 200 && body.url) return resolve(body as { url: string; config_revision: number });
      if (xhr.status === 429) return reject(new UploadError("Other images are being processed right now; try again in a moment."));
      if (xhr.status === 413) return reject(new UploadError("This file is larger than 5 MiB; export a smaller JPEG or WebP."));
      reject(new UploadError(body.message ? `${body.message.replace(/\.$/, "")}.` : `The upload failed (HTTP ${xhr.status}).`));
    };
    const form = new FormData();
    form.set("file", file);
    xhr.send(form);
  });
}

export async function resetBackground(projectId: string, slot: string): Promise<void> {
  const res = await fetch(`/v1/admin/projects/${encodeURIComponent(projectId)}/game-assets/${encodeURIComponent(slot)}/background`, { method: "DELETE" });
  if (!res.ok) throw new UploadError(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `Reset failed (HTTP ${res.status}).`);
}
