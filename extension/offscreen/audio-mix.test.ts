import { describe, expect, it } from 'vitest';
import { type AudioGraph, mixAudio } from './audio-mix';

// The browser's Web Audio graph is not in Node: a graph that notes its connections stands in for it.
function recordingGraph() {
  const connections: [string, string][] = [];
  const mixTrack = { kind: 'audio', id: 'mixed' } as MediaStreamTrack;
  const node = (name: string) => ({
    name,
    connect: (target: { name: string }) => void connections.push([name, target.name]),
  });
  const graph = {
    destination: { name: 'speakers' },
    createMediaStreamDestination: () => ({ name: 'mix', stream: { getAudioTracks: () => [mixTrack] } }),
    createMediaStreamSource: (stream: { name: string }) => node(stream.name),
  } as unknown as AudioGraph;
  return { graph, connections, mixTrack };
}

const stream = (name: string, audioTracks: number) =>
  ({
    name,
    getAudioTracks: () => Array.from({ length: audioTracks }, () => ({ kind: 'audio' })),
  }) as unknown as MediaStream;

describe('the recording’s audio mix', () => {
  it('mixes the tab and the microphone, and plays only the tab back', () => {
    const { graph, connections, mixTrack } = recordingGraph();
    expect(mixAudio(graph, stream('tab', 1), stream('microphone', 1))).toEqual({
      tracks: [mixTrack],
      tab: true,
      microphone: true,
    });
    expect(connections).toEqual([
      ['tab', 'speakers'],
      ['tab', 'mix'],
      ['microphone', 'mix'],
    ]);
  });

  it('records the microphone alone when the tab is silent, and no audio track when neither has sound', () => {
    const withMic = recordingGraph();
    expect(mixAudio(withMic.graph, stream('tab', 0), stream('microphone', 1))).toMatchObject({
      tab: false,
      microphone: true,
    });
    expect(withMic.connections).toEqual([['microphone', 'mix']]);
    const silent = recordingGraph();
    expect(mixAudio(silent.graph, stream('tab', 0), null)).toEqual({ tracks: [], tab: false, microphone: false });
    expect(silent.connections).toEqual([]);
  });
});
