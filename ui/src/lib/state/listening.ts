// The state modules listen to the backend's events themselves (`backend.onEvent`); App starts
// them once and ends them all together when the window goes.

/** A listener being set up (what `backend.onEvent` answers), or what ends a group of them. */
export type Listener = Promise<() => void> | Stop;

/** Ends listeners: every one, whatever the others do. */
export type Stop = () => void;

/** One `Stop` for them all: a listener still being set up ends once it is; one that failed needs nothing. */
export function stopAll(listeners: Listener[]): Stop {
  return () => {
    for (const listener of listeners) {
      if (typeof listener === 'function') listener();
      else listener.then((stop) => stop()).catch(() => {});
    }
  };
}
