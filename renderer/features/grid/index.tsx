/** Placeholder until the price grid lands (issue 4); the app shell mounts GridScreen. */
export function GridScreen() {
  return <p role="status">The price grid is coming.</p>;
}
