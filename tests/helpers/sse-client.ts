/** Reads a text/event-stream response into parsed events, for tests. */
export class SseReader {
  private buffer = "";
  readonly events: { event: string; data: string }[] = [];
  readonly comments: string[] = [];
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

  private parse() {
    let index = this.buffer.indexOf("\n\n");
    while (index >= 0) {
      const block = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
      }
      if (data.length) this.events.push({ event, data: data.join("\n") });
      index = this.buffer.indexOf("\n\n");
    }
  }
}
