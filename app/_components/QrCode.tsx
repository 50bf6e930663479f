"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Skeleton } from "./Spinner";

/** Renders `value` (an otpauth:// URI) as a QR code image. */
export function QrCode({ value, size = 192 }: { value: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    QRCode.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: "M", color: { dark: "#0f172a", light: "#ffffff" } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value, size]);

  if (failed) return <p className="text-sm text-red-600">Could not draw the QR code; enter the key below instead.</p>;
  if (!src)
    return (
      <div style={{ width: size + 18, height: size + 18 }}>
        <Skeleton className="size-full rounded-lg" />
      </div>
    );
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a generated data URL
    <img src={src} width={size} height={size} alt="QR code for your authenticator app" className="rounded-lg border border-slate-200 bg-white p-2" data-testid="totp-qr" />
  );
}
