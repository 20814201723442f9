/** Reads a text/event-stream response into parsed events, for tests. */
export class SseReader {
  private buffer = "";
  readonly events: { event: string; data: string; id: string | undefined }[] = [];
  readonly comments: string[] = [];
  /** The last `id:` seen, as a browser would send it back in Last-Event-ID. */
  lastEventId: string | undefined;
  ended = false;
  private readonly done: Promise<void>;

  constructor(response: Response) {
    if (!response.body) throw new Error("no body");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    this.done = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        this.buffer += value;
        this.parse();
      }
      this.ended = true;
    })();
  }

  finished(): Promise<void> {
    return this.done;
  }

  /** The `change` events' tables, in order. */
  changedTables(): string[] {
    return this.events
      .filter((e) => e.event === "change")
      .map((e) => (JSON.parse(e.data) as { table: string }).table);
  }

  private parse() {
    let index = this.buffer.indexOf("\n\n");
    while (index >= 0) {
      const block = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 2);
      let event = "message";
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
        else if (line.startsWith("id:")) id = line.slice(3).trim();
      }
      if (id !== undefined) this.lastEventId = id;
      if (data.length) this.events.push({ event, data: data.join("\n"), id });
      index = this.buffer.indexOf("\n\n");
    }
  }
}
