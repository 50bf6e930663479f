"use client";

import { useRef, useState } from "react";
import { Button } from "@/app/_components/Button";
import { DownloadIcon } from "@/app/_components/Icons";

export type TExportFilters = Record<string, string | undefined>;

const mb = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * Downloads the CSV export through fetch, reading the stream chunk by chunk so the admin sees the
 * rows and bytes arrive (the server sends no total: it streams without counting first). Records
 * are counted by their CRLF terminators; the header line is not a row. Cancel aborts the request,
 * which also stops the server's reads.
 */
export function ExportButton({ projectId, filters }: { projectId: string; filters: TExportFilters }) {
  const [progress, setProgress] = useState<{ rows: number; bytes: number; done: boolean; error?: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = progress !== null && !progress.done && !progress.error;

  async function run() {
    const ac = new AbortController();
    abort.current = ac;
    setProgress({ rows: 0, bytes: 0, done: false });
    const qs = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
    try {
      const res = await fetch(`/v1/admin/projects/${projectId}/events/export${qs.size ? `?${qs}` : ""}`, { credentials: "same-origin", signal: ac.signal });
      if (!res.ok || !res.body) {
        const body = await res.json().catch(() => null);
        throw new Error(body?.message ?? `Export failed (${res.status})`);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "events.csv";
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let bytes = 0;
      let records = 0;
      let prev = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        for (const b of value) {
          if (b === 10 && prev === 13) records++;
          prev = b;
        }
        setProgress({ rows: Math.max(0, records - 1), bytes, done: false });
      }
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: "text/csv" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress({ rows: Math.max(0, records - 1), bytes, done: true });
    } catch (e) {
      setProgress((p) => ({ rows: p?.rows ?? 0, bytes: p?.bytes ?? 0, done: false, error: ac.signal.aborted ? "Export cancelled" : (e as Error).message }));
    } finally {
      abort.current = null;
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {progress && (
        <span className={progress.error ? "text-sm text-red-600" : "text-sm text-slate-500"} role="status" aria-live="polite" data-testid="export-progress">
          {progress.error
            ? progress.error
            : `${progress.rows.toLocaleString()} rows · ${mb(progress.bytes)}${progress.done ? " · downloaded" : "…"}`}
        </span>
      )}
      {running ? (
        <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
          Cancel
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void run()} data-testid="export-csv">
          <DownloadIcon className="size-4" /> Export CSV
        </Button>
      )}
    </div>
  );
}
