// Two nested animation frames after load: the first runs before the frame is painted, the second
// once it has been. Then one IPC call, as the app makes when its table is painted, with the
// page's clock at load and at the painted frame.
window.addEventListener('load', () => {
  const loadMs = performance.now();
  requestAnimationFrame(() => {
    requestAnimationFrame(() => {
      void window.__TAURI_INTERNALS__.invoke('first_paint', {
        loadMs,
        paintMs: performance.now(),
      });
    });
  });
});
