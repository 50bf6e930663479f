import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { AppError } from "@/server/errors/app-error";
import { BACKGROUND_LIMITS as L, DECODER_PIXEL_LIMIT } from "./limits";

type TImageFormat = "png" | "jpeg" | "webp";
export type TStoredImage = { format: TImageFormat | "webp"; width: number; height: number; bytes: number; sha256: string; data: Buffer };
export type TNormalisedBackground = { original: TStoredImage; runtime: TStoredImage };

function refuse(reason: string, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError("validation_error", message, { details: { reason, ...extra } });
}

/** The format by magic bytes; the file name and the declared Content-Type are never trusted. */
function sniffFormat(buf: Buffer): TImageFormat | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 12 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

function stored(format: TStoredImage["format"], width: number, height: number, data: Buffer): TStoredImage {
  return { format, width, height, bytes: data.length, sha256: createHash("sha256").update(data).digest("hex"), data };
}

/**
 * Checks an uploaded background from its header alone, then normalises it. Order matters: magic
 * bytes, then sharp's header read (no pixels decoded), then the refusals a header can prove
 * (animation, CMYK, size and shape with EXIF orientation applied); only then are pixels decoded,
 * under the 64 MiB decoder budget, into the runtime copy: EXIF rotation applied, centred cover to
 * 840×1520, flattened opaque, WebP at quality 78, then 70, then 62 until it fits 220 KiB.
 */
export async function normaliseBackground(file: Buffer): Promise<TNormalisedBackground> {
  if (file.length > L.maxFileBytes) throw new AppError("validation_error", "The file is larger than 5 MiB", { status: 413, details: { reason: "file_too_large" } });
  const format = sniffFormat(file);
  if (!format) throw refuse("unsupported_format", "This file is not a PNG, JPEG or WebP image");
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse("undecodable", "This image could not be read; it may be damaged");
  }
  if (meta.format !== format || !meta.width || !meta.height) throw refuse("undecodable", "This image could not be read; it may be damaged");
  if ((meta.pages ?? 1) > 1) throw refuse("animated", "Animated images cannot be backgrounds; use a still photo");
  if (meta.space === "cmyk") throw refuse("cmyk", "This JPEG uses CMYK (print) colours; export it as an RGB (sRGB) image");
  // Orientations 5-8 are stored sideways: the person sees width and height swapped.
  const sideways = (meta.orientation ?? 1) >= 5;
  const width = sideways ? meta.height : meta.width;
  const height = sideways ? meta.width : meta.height;
  const dims = { width, height };
  if (width > L.maxWidth || height > L.maxHeight) {
    throw refuse("dimensions_too_large", `This image is ${width}×${height}; use at most ${L.maxWidth}×${L.maxHeight}`, dims);
  }
  if (width >= height) throw refuse("landscape", `This image is ${width === height ? "square" : "landscape"} (${width}×${height}); use a portrait (taller than wide) photo at least ${L.minWidth}×${L.minHeight}`, dims);
  if (width < L.minWidth || height < L.minHeight) {
    throw refuse("too_small", `This image is ${width}×${height}; use a portrait photo at least ${L.minWidth}×${L.minHeight}`, dims);
  }
  const aspect = width / height;
  if (aspect < L.minAspect || aspect > L.maxAspect) {
    throw refuse("aspect_ratio", `This image's shape (${width}×${height}) does not fit a phone; use a width/height ratio between ${L.minAspect} and ${L.maxAspect} (e.g. 1080×1920)`, dims);
  }

  const { width: rw, height: rh, maxBytes, qualities } = L.runtime;
  let runtime: Buffer | null = null;
  try {
    const base = sharp(file, { limitInputPixels: DECODER_PIXEL_LIMIT, failOn: "error" })
      .rotate()
      .resize(rw, rh, { fit: "cover", position: "centre" })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb");
    for (const quality of qualities) {
      runtime = await base.clone().webp({ quality, effort: 4 }).toBuffer();
      if (runtime.length <= maxBytes) break;
    }
  } catch {
    throw refuse("undecodable", "This image could not be decoded; it may be damaged or truncated");
  }
  if (!runtime || runtime.length > maxBytes) throw refuse("too_detailed", "This image is too detailed to compress to 220 KiB; try a calmer photo");
  return { original: stored(format, width, height, file), runtime: stored("webp", rw, rh, runtime) };
}
