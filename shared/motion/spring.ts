import { lastIndexAtOrBefore } from '../geometry/geometry';

/**
 * A critically damped spring, solved in closed form so that its value at any time is exact:
 * no integration step, so 30 fps and 60 fps (or a seek) see the same motion.
 */
export interface SpringState {
  readonly value: number;
  readonly velocity: number;
}

/**
 * Where a spring at `state` chasing a fixed `target` is after `seconds`.
 * `stiffness` is the natural angular frequency (rad/s): the motion settles to 1% in about 6.6 / stiffness seconds.
 */
export function advanceSpring(state: SpringState, target: number, stiffness: number, seconds: number): SpringState {
  if (seconds <= 0) return state;
  const offset = state.value - target;
  const decay = Math.exp(-stiffness * seconds);
  const drift = state.velocity + stiffness * offset;
  return {
    value: target + (offset + drift * seconds) * decay,
    velocity: (state.velocity - stiffness * drift * seconds) * decay,
  };
}

/** A target that jumps to `values` at time `t` (ms) and holds until the next step. */
export interface SpringStep {
  readonly t: number;
  readonly values: readonly number[];
  /** How fast the springs chase these values (rad/s); absent: the path's stiffness. */
  readonly stiffness?: number;
}

/**
 * Several springs (one per channel) following a step-wise target, with the state at every step computed once,
 * so evaluating any time costs a binary search and one closed-form step.
 */
export class SpringPath {
  private readonly states: (readonly SpringState[])[] = [];

  /** `steps` sorted by time; the springs rest at the first step's values before it. */
  constructor(
    private readonly steps: readonly SpringStep[],
    private readonly stiffness: number,
  ) {
    if (steps.length === 0) throw new Error('A spring path needs at least one step.');
    const first = steps[0] as SpringStep;
    let state: readonly SpringState[] = first.values.map((value) => ({ value, velocity: 0 }));
    this.states.push(state);
    for (let i = 1; i < steps.length; i++) {
      const previous = steps[i - 1] as SpringStep;
      const seconds = ((steps[i] as SpringStep).t - previous.t) / 1000;
      const k = previous.stiffness ?? stiffness;
      state = state.map((s, channel) => advanceSpring(s, previous.values[channel] ?? 0, k, seconds));
      this.states.push(state);
    }
  }

  /** Values and velocities (per second) of every channel at time `t` (ms). */
  at(t: number): readonly SpringState[] {
    const index = this.stepIndexAt(t);
    const step = this.steps[index] as SpringStep;
    const state = this.states[index] as readonly SpringState[];
    const seconds = Math.max(0, t - step.t) / 1000;
    const stiffness = step.stiffness ?? this.stiffness;
    return state.map((s, channel) => advanceSpring(s, step.values[channel] ?? 0, stiffness, seconds));
  }

  /** The stiffness the springs move with at time `t` (ms). */
  stiffnessAt(t: number): number {
    return (this.steps[this.stepIndexAt(t)] as SpringStep).stiffness ?? this.stiffness;
  }

  /** The values the springs are chasing at time `t` (ms): the step in force then. */
  targetAt(t: number): readonly number[] {
    return (this.steps[this.stepIndexAt(t)] as SpringStep).values;
  }

  private stepIndexAt(t: number): number {
    return Math.max(
      0,
      lastIndexAtOrBefore(this.steps, t, (step) => step.t),
    );
  }
}
