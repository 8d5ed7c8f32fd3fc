/** The kitchen tests' change source in memory: the test makes its notifications and its connection loss. */
import type { ChangeSource } from './kitchen-change-source';

export function memorySource() {
  const state = {
    /** Sources listening now. */
    listening: 0,
    starts: 0,
    stops: 0,
    notify: (_payload: string) => undefined as void,
    lose: (_error: Error) => undefined as void,
  };
  const source: ChangeSource = {
    listen(onPayload, onLost) {
      state.listening += 1;
      state.starts += 1;
      state.notify = onPayload;
      state.lose = onLost;
      return Promise.resolve(() => {
        state.listening -= 1;
        state.stops += 1;
        return Promise.resolve();
      });
    },
  };
  return { source, state };
}
