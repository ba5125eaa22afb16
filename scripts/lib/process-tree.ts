// A child process with everything it starts (a build's esbuild service, vite's workers): started as the leader of a
// process group of its own and stopped as that group, so stopping it leaves nothing running. Trees still running
// when this process ends (a test that timed out mid-build, a test worker vitest ended with SIGTERM) go with it.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** A started tree: its leader, and how to stop all of it. */
export interface ProcessTree {
  readonly child: ChildProcess;
  /** Sends `signal` to every process of the tree (nothing when it already ended). */
  readonly stop: (signal?: NodeJS.Signals) => void;
}

const running = new Set<ProcessTree>();

/** Signals that end a process whose own code does not handle them: the trees are stopped first. */
const ENDING_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let stoppedWithThisProcess = false;

function stopTreesWithThisProcess(): void {
  if (stoppedWithThisProcess) return;
  stoppedWithThisProcess = true;
  process.once('exit', () => stopRunningTrees());
  for (const signal of ENDING_SIGNALS) {
    process.once(signal, () => {
      stopRunningTrees();
      // Another listener (vitest's own, in its main process) decides how to end; with none, end as Node would have.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** Stops every tree this process started that is still running. */
export function stopRunningTrees(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const tree of running) tree.stop(signal);
}

/** Spawns `command` as the leader of a new process group (detached: not the terminal's, so Ctrl-C reaches it only through this process). */
export function spawnTree(command: string, args: readonly string[], options: SpawnOptions = {}): ProcessTree {
  stopTreesWithThisProcess();
  const child = spawn(command, args, { ...options, detached: true });
  const tree: ProcessTree = {
    child,
    stop: (signal = 'SIGTERM') => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch (error) {
        // ESRCH: the group has no process left.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    },
  };
  running.add(tree);
  // The leader's end is not the tree's: a build that failed may leave a worker behind, so the group is stopped then too.
  child.once('exit', () => {
    tree.stop();
    running.delete(tree);
  });
  child.once('error', () => running.delete(tree));
  return tree;
}
