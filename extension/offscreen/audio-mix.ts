/** The parts of an AudioContext the mix uses. */
export type AudioGraph = Pick<AudioContext, 'createMediaStreamDestination' | 'createMediaStreamSource' | 'destination'>;

/** The audio tracks to record, and which sources are in them. */
export interface AudioMix {
  readonly tracks: MediaStreamTrack[];
  readonly tab: boolean;
  readonly microphone: boolean;
}

/**
 * Mixes the tab's sound and the microphone into one track for the recorder. The tab's sound is also played back
 * (a captured tab goes quiet for the user otherwise); the microphone is not (it would echo). No track when neither
 * has sound (the recorder then records video alone).
 */
export function mixAudio(graph: AudioGraph, tab: MediaStream, microphone: MediaStream | null): AudioMix {
  const mix = graph.createMediaStreamDestination();
  const tabAudio = tab.getAudioTracks().length > 0;
  if (tabAudio) {
    const source = graph.createMediaStreamSource(tab);
    source.connect(graph.destination);
    source.connect(mix);
  }
  const micAudio = microphone !== null && microphone.getAudioTracks().length > 0;
  if (microphone && micAudio) graph.createMediaStreamSource(microphone).connect(mix);
  return { tracks: tabAudio || micAudio ? mix.stream.getAudioTracks() : [], tab: tabAudio, microphone: micAudio };
}
