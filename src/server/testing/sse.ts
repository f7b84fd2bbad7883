// A minimal Server-Sent Events client over fetch, for tests that watch the live stream.
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  /** Resolves with the next message of that type (or any type), failing after timeoutMs. */
  next(type?: string, timeoutMs?: number): Promise<SseMessage>;
  received: SseMessage[];
  close(): void;
}

export async function openEventStream(
  url: string,
  cookie: string,
  lastEventId?: string,
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`event stream answered ${response.status}: ${await response.text()}`);
  }
  const received: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  let consumed = 0;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data += line.slice(6);
              hasData = true;
            }
          }
          if (hasData) {
            received.push(message);
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();

  return {
    received,
    async next(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (consumed < received.length) {
          const message = received[consumed++];
          if (message && (!type || message.event === type)) return message;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type ?? 'any'}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
