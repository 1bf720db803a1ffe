// What a game module needs besides the board: who is who, who acts, who won.
import { seatName } from "./ui.js";

export function renderContext(summary, view) {
  const viewer = view?.seat ?? null;
  // A view is of one version: its result (null before the end), never the summary's.
  const result = view ? view.result ?? null : summary?.result ?? null;
  return {
    summary,
    viewer,
    toAct: view?.to_act ?? summary?.to_act ?? [],
    over: (view?.status ?? summary?.status) === "finished",
    result,
    winners: result?.winners ?? [],
    name: (seat) => (seat === null || seat === undefined ? "—" : seatName(summary, seat)),
  };
}

// An event as ``viewer`` could see it while the game ran. The feed of a finished game shows
// everything; a replay before the end must not (docs/events.md lists what each event hides).
export function redactEvent(event, game, viewer) {
  const data = { ...(event.data || {}) };
  if (event.type === "GameCreated") delete data.seed;
  if (event.type === "PlayerJoined") delete data.token_hash;
  if (event.type === "GameStarted") delete data.orders;
  const shown = { ...event, data };
  return game?.redactEvent ? game.redactEvent(shown, viewer) : shown;
}

// One line of the event log, in words: the game module knows its own events.
export function describe(event, game, ctx) {
  const d = event.data || {};
  switch (event.type) {
    case "GameCreated": return `table created (${d.players} seats)`;
    case "PlayerJoined": return `${d.name || ctx.name(d.seat)} took seat ${d.seat + 1}`;
    case "GameStarted": return `the game starts; ${ctx.name(d.start_player)} goes first`;
    case "SeatLeft": return `${ctx.name(d.seat)} left; a ${d.strategy} bot plays on`;
    case "GameEnded": return `the game has ended; winners: ${(d.result?.winners || []).map(ctx.name).join(", ") || "none"}`;
    default: return game?.describeEvent?.(event, ctx) || event.type;
  }
}

export function byLabel(event) {
  const by = event.by || {};
  return by.kind === "system" ? "" : `${by.kind}${by.seat !== null && by.seat !== undefined ? ` · seat ${by.seat + 1}` : ""}`;
}
