/** The toolbar popup. */
export function Popup() {
  return (
    <main style={{ minWidth: 240, padding: 12, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 16, margin: 0 }}>Clickreel</h1>
    </main>
  );
}
