/**
 * Work that only awaits promises already settled (synchronous SQLite behind async ports) never
 * gives the event loop a turn: a subscription catching up on 100,000 events, or a rebuild, would
 * hold every HTTP request of its process until it ends. Call the returned function between units
 * of such work: once `sliceMs` of it has run, it waits for the loop to serve what is pending.
 */
export function timeSlicer(sliceMs = 10): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}
