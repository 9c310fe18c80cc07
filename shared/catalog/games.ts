/** The four games the service knows, by Steam app id. */
export const GAMES = [
  { id: 730, key: 'cs2', name: 'Counter-Strike 2', short: 'CS2' },
  { id: 440, key: 'tf2', name: 'Team Fortress 2', short: 'TF2' },
  { id: 570, key: 'dota2', name: 'Dota 2', short: 'Dota 2' },
  { id: 252490, key: 'rust', name: 'Rust', short: 'Rust' },
] as const;

export type GameId = (typeof GAMES)[number]['id'];
export const GAME_IDS: readonly GameId[] = GAMES.map((g) => g.id);
export const DEFAULT_GAME_ID: GameId = 730;

/** Spec 4.3: which games each operation accepts. */
export const STEAM_ANALYTICS_GAMES: readonly GameId[] = [730, 570];
export const MARKET_ORDER_ANALYTICS_GAMES: readonly GameId[] = [730, 440, 570, 252490];
export const PRICE_RECOMMENDATION_GAMES: readonly GameId[] = [730, 440, 570, 252490];
/** The spec does not publish the allowed set for REST min prices / max orders; we accept all four. */
export const AGGREGATED_GAMES: readonly GameId[] = [730, 440, 570, 252490];

export function isGameId(n: unknown): n is GameId {
  return typeof n === 'number' && (GAME_IDS as readonly number[]).includes(n);
}

export function gameName(id: number): string {
  return GAMES.find((g) => g.id === id)?.name ?? `Game ${id}`;
}
