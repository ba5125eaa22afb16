/** The parts of an AudioContext the mix uses. */
export type AudioGraph = Pick<AudioContext, 'createMediaStreamDestination' | 'createMediaStreamSource' | 'destination'>;

/** The audio tracks to record, and which sources are in them. */
export interface AudioMix {
  readonly tracks: MediaStreamTrack[];
  readonly tab: boolean;
  readonly microphone: boolean;
}

/**
 * Mixes the captured sound (a tab's, a window's or the screen's) and the microphone into one track for the recorder.
 * A tab's sound is also played back (`playBack`: a captured tab goes quiet for the user otherwise); the microphone
 * is not (it would echo). No track when neither has sound (the recorder then records video alone).
 */
export function mixAudio(
  graph: AudioGraph,
  tab: MediaStream,
  microphone: MediaStream | null,
  playBack = true,
): AudioMix {
  const mix = graph.createMediaStreamDestination();
  const tabAudio = tab.getAudioTracks().length > 0;
  if (tabAudio) {
    const source = graph.createMediaStreamSource(tab);
    if (playBack) source.connect(graph.destination);
    source.connect(mix);
  }
  const micAudio = microphone !== null && microphone.getAudioTracks().length > 0;
  if (microphone && micAudio) graph.createMediaStreamSource(microphone).connect(mix);
  return { tracks: tabAudio || micAudio ? mix.stream.getAudioTracks() : [], tab: tabAudio, microphone: micAudio };
}
