/**
 * Runs one `type: "http"` handler: POSTs the hook JSON, reads at most `maxBytes` of the
 * answer, gives up at the timeout. Never throws; the caller turns failures into warnings.
 */
export interface HttpRunInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxBytes: number;
}

export interface HttpRunResult {
  status?: number;
  body: string;
  bodyBytes: number;
  timedOut: boolean;
  cancelled: boolean;
  error?: string;
}

export interface HttpRun {
  result: Promise<HttpRunResult>;
  kill(): void;
}

export function runHttp(input: HttpRunInput): HttpRun {
  const controller = new AbortController();
  let timedOut = false;
  let cancelled = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.timeoutMs);

  const result = (async (): Promise<HttpRunResult> => {
    let status: number | undefined;
    let bodyBytes = 0;
    const chunks: Uint8Array[] = [];
    let kept = 0;
    try {
      const url = new URL(input.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error(`unsupported URL scheme ${url.protocol}`);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...input.headers },
        body: input.body,
        signal: controller.signal,
        redirect: 'error',
      });
      status = response.status;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bodyBytes += value.length;
          if (kept < input.maxBytes) {
            const part = value.length > input.maxBytes - kept ? value.subarray(0, input.maxBytes - kept) : value;
            chunks.push(part);
            kept += part.length;
          } else {
            // Enough: stop reading instead of draining an endless body.
            await reader.cancel();
            break;
          }
        }
      }
      return { status, body: Buffer.concat(chunks).toString('utf8'), bodyBytes, timedOut, cancelled };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message = timedOut
        ? 'timed out'
        : cancelled
          ? 'cancelled'
          : `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
      return { status, body: Buffer.concat(chunks).toString('utf8'), bodyBytes, timedOut, cancelled, error: message };
    } finally {
      clearTimeout(timer);
    }
  })();

  return {
    result,
    kill() {
      cancelled = true;
      controller.abort();
    },
  };
}
