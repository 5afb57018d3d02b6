import type { RefusalCode } from '#src/platform/domain/refusal.js';
import { refusalThrownBy } from './refusal.js';

/** A stream's pure business rules: what a command causes, and how events change the state. */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

/**
 * Reads a decider test as a specification: given the stream's past events, when a command comes,
 * then these events (or this refusal) follow.
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  const fold = (events: readonly Event[]) => events.reduce(decider.evolve, decider.initialState);
  return {
    given(history: readonly Event[] = []) {
      const state = fold(history);
      return {
        when(command: Command) {
          return {
            /** Checks the decided events and returns the state they lead to. */
            then(expected: readonly Event[]): State {
              const events = decider.decide(command, state);
              expect(events).toEqual(expected);
              return events.reduce(decider.evolve, state);
            },
            thenRefuses(code: RefusalCode, message?: string | RegExp): void {
              const refusal = refusalThrownBy(() => decider.decide(command, state));
              expect(refusal.code).toBe(code);
              if (message !== undefined) expect(refusal.message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
