// A game's Server-Sent Events stream, read with fetch so that it can carry a seat's
// Authorization header (EventSource cannot) and hear every event type without a list of them.
// It resumes after the last id it saw (Last-Event-ID, as EventSource would) and stops once
// the stream ends after GameEnded (or a table's TableCancelled, TableExpired). The account's
// stream (GET /v1/me/stream) is read the same way: its ids are frame ids ("1712345678901-0"),
// it never ends, and onRefused(status) may stop it (a 429 says: poll instead).

const ENDS = new Set(["GameEnded", "TableCancelled", "TableExpired"]);

export function follow(url, { token, after = 0, onEvent, onState, onRefused }) {
  let stopped = false;
  let last = after;
  let controller = null;
  let retryMs = 2000;

  const dispatch = (block) => {
    let id = null;
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id !== null && id !== "") last = /^\d+$/.test(id) ? Number(id) : id;
    if (!data.length) return false;
    let envelope;
    try {
      envelope = JSON.parse(data.join("\n"));
    } catch {
      return false;
    }
    onEvent(envelope);
    return ENDS.has(envelope.type);
  };

  async function run() {
    while (!stopped) {
      controller = new AbortController();
      const headers = { Accept: "text/event-stream" };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (last) headers["Last-Event-ID"] = String(last);
      let ended = false;
      try {
        const response = await fetch(url, { headers, signal: controller.signal, cache: "no-store" });
        if (!response.ok) {
          if (onRefused?.(response.status)) {
            stopped = true;
            return;
          }
          throw new Error(`HTTP ${response.status}`);
        }
        onState?.("live");
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, "\n");
          let cut;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (dispatch(block)) ended = true;
          }
        }
      } catch (error) {
        if (stopped) return;
      }
      if (ended) {
        onState?.("ended");
        return;
      }
      if (stopped) return;
      onState?.("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
  run();
  return {
    close() {
      stopped = true;
      controller?.abort();
    },
  };
}
