import { describe, expect, it } from 'vitest';
import { readEventStream, type StreamEvent } from './event-stream';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events: StreamEvent[] = [];
  for await (const event of readEventStream(streamOf(chunks))) events.push(event);
  return events;
}

describe('readEventStream', () => {
  it('yields named events with their data and id, across chunk boundaries', async () => {
    expect(
      await collect([
        'event: delta\ndata: {"text":"Ol',
        'á"}\n\n: batimento\n\nid: 7\nevent: done\r\ndata: {}\r\n\r\n',
      ]),
    ).toEqual([
      { event: 'delta', data: '{"text":"Olá"}' },
      { event: 'done', data: '{}', id: '7' },
    ]);
  });

  it('joins multi-line data and names unnamed events "message"', async () => {
    expect(await collect(['data: a\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('drops an event the stream cut off before its blank line', async () => {
    expect(await collect(['event: delta\ndata: {"text":"a"}\n\nevent: delta\ndata: {"te'])).toEqual(
      [{ event: 'delta', data: '{"text":"a"}' }],
    );
  });
});
