// What a game module needs besides the board: who is who, who acts, who won.
import { seatName, seatNo } from "./ui.js";

export function renderContext(summary, view) {
  const viewer = view?.seat ?? null;
  // A view is of one version: its result (null before the end), never the summary's.
  const result = view ? view.result ?? null : summary?.result ?? null;
  return {
    summary,
    viewer,
    toAct: view?.to_act ?? summary?.to_act ?? [],
    // Who plays each seat (played_by, taken_over), as at the view's version.
    seats: view?.seats ?? summary?.seats ?? [],
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

// A seat in words: "Ana (seat 0)"; a bot's own seat "the greedy bot (seat 2)". Seats are
// numbered from 0, as in the API.
export function seatWords(ctx, seat) {
  if (seat === null || seat === undefined) return "—";
  const info = ctx.summary?.seats?.[seat];
  if (info?.kind === "bot" && !info.taken_over) return `the ${info.strategy} bot (seat ${seat})`;
  const name = ctx.name(seat);
  return name === seatNo(seat) ? `seat ${seat}` : `${name} (seat ${seat})`;
}

// Who acted, from the event's by {seat, kind}: a person at their seat, a bot (its own seat,
// or playing a person's seat after a hand-over), or the timer acting for a person's seat.
// null for the service itself (kind system: creation, start, deals, the end).
export function actorWords(event, ctx) {
  const by = event.by || {};
  const seat = by.seat;
  if (by.kind === "system" || seat === null || seat === undefined) return null;
  const info = ctx.summary?.seats?.[seat];
  if (by.kind === "bot" && info && (info.taken_over || info.played_by === "person")) {
    return `a ${info.strategy || "greedy"} bot playing seat ${seat} for ${ctx.name(seat)}`;
  }
  if (by.kind === "timeout") return `the timer, playing seat ${seat} for ${ctx.name(seat)},`;
  return seatWords(ctx, seat);
}

// "CardFlipped" → "card flipped": a type in words, for an event no module words.
export const typeWords = (type) => String(type).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();

// One line of the event log, in words: the game module knows its own events. Its ctx.who(seat)
// names the seat as the subject of the sentence: who acted (by the event's by) when that seat
// acted, else the seat in words (ctx.seat).
export function describe(event, game, ctx) {
  const d = event.data || {};
  const by = event.by || {};
  const actor = actorWords(event, ctx);
  const seat = (n) => seatWords(ctx, n);
  const who = (n) => (actor && n === by.seat ? actor : seat(n));
  const words = { ...ctx, who, seat };
  switch (event.type) {
    case "GameCreated": return `table created (${d.players} seats)`;
    case "PlayerJoined": return `${d.name || ctx.name(d.seat)} took seat ${d.seat}`;
    case "GameStarted": return `the game starts; ${seat(d.start_player)} goes first`;
    case "SeatLeft": return d.reason === "idle"
      ? `the timer: ${seat(d.seat)} did not act in time; a ${d.strategy} bot plays on`
      : `${who(d.seat)} left; a ${d.strategy} bot plays on`;
    case "SeatReopened": return `${who(d.seat)} gave the seat back; it is open again`;
    case "GameEnded": return `the game has ended; winners: ${(d.result?.winners || []).map(seat).join(", ") || "none"}`;
    case "TableCancelled": return "the owner cancelled the table";
    case "TableExpired": return "the table expired: nobody filled it in time";
    default: return game?.describeEvent?.(event, words) || (actor ? `${actor}: ${typeWords(event.type)}` : typeWords(event.type));
  }
}

// Who acted, in a word, beside each line of the log ("" for the service itself).
export function byLabel(event) {
  return { player: "player", bot: "bot", timeout: "timer" }[event.by?.kind] || "";
}
