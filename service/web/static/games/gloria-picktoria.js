// Gloria Picktoria: the display, the draw pile, each seat's treasure chests (face down) with the
// collections laid on them, the fox, hands (own cards; a count for others) and the scorings.
import { h } from "../core/ui.js";
import { face, back, emptySlot, seatPanel, scoreTable } from "../core/cards.js";

const label = (card) =>
  card === "joker" ? "Joker" : card === "doubler" ? "×2" : card === "scoring" ? "Chick Berry" : /^m\d$/.test(card) ? `Motif ${card.slice(1)}` : card;
const gpCard = (card, cls = "") =>
  face(card, label(card), { cls: `gp ${/^m\d$/.test(card) ? "motif-" + card.slice(1) : card} ${cls}`, corner: /^m\d$/.test(card) ? card.slice(1) : card === "joker" ? "★" : card === "doubler" ? "×2" : "" });

function chest(entry, index, owner, board, ctx) {
  const fox = board.fox && board.fox.owner === owner && board.fox.chest === index;
  const cards = [];
  for (let i = 0; i < entry.length - entry.jokers; i++) cards.push(gpCard(entry.motif, "stacked"));
  for (let i = 0; i < entry.jokers; i++) cards.push(gpCard("joker", "stacked"));
  return h("div.chest", { class: [fox && "fox-here", entry.doubled && "doubled"].filter(Boolean).join(" "), dataset: { chest: String(index) }, title: `chest ${index + 1}` },
    h("div.chest-base", entry.card ? gpCard(entry.card, "chest-card") : back("a treasure chest (face down)", { cls: "chest-back" })),
    h("div.collection", cards.length ? cards : h("span.muted", "empty")),
    h("div.chest-tags", entry.doubled ? h("span.badge.doubled", "×2 closed") : null, fox ? h("span.badge.fox", "fox") : null));
}

export function render(board, ctx) {
  if (!board) return h("p.muted", "Dealing.");
  const seats = board.seats.map((info) => {
    const seat = info.seat;
    const own = board.viewer === seat ? board.hand : board.hands?.[seat];
    return seatPanel(ctx, seat, { badges: [h("span.badge.score", `${info.score} pts`), info.doubler_played ? null : h("span.badge", { title: "the doubler is still in hand" }, "×2 in hand")] },
      h("div.row.hand", { dataset: { private: String(seat) }, "aria-label": "hand" },
        own ? own.map((card) => gpCard(card, "small")) : Array.from({ length: info.hand_size }, () => back("a card in hand", { cls: "small" }))),
      h("div.chests", info.chests.length ? info.chests.map((c, i) => chest(c, i, seat, board, ctx)) : h("span.muted", "no chests yet")));
  });
  const running = board.status === "running";
  return h("div.gp",
    h("div.table-info",
      h("span.phase", board.status === "over" ? "Game over" : running ? `${ctx.name(board.active_seat)} has ${board.ap_left} action point${board.ap_left === 1 ? "" : "s"}` : "Dealing"),
      h("span", `Turn ${board.turn_number}`),
      h("span", { title: "scoring cards seen; scorings at " + board.scorings_at.join(", ") }, `Chick Berry cards: ${board.scoring_cards_seen} / ${board.scorings_at.at(-1)}`),
      board.fox_pass_pending ? h("span.badge.fox", "free fox pass") : null),
    h("div.market",
      h("div.pile-stack", { title: "the draw pile" }, back("the draw pile"), h("span", `${board.pile_size} in the pile`)),
      h("div.display", { "aria-label": "the display" }, board.display.map((card, slot) => h("div.slot", { dataset: { slot: String(slot) } }, card ? gpCard(card) : emptySlot("an empty display slot")))),
      board.pile ? h("details.pile-open", h("summary", "The rest of the pile"), h("div.row", board.pile.map((c) => gpCard(c, "small")))) : null),
    h("div.seats", seats),
    board.scorings.length ? scoreTable(ctx, board.scores, [
      ...board.scorings.map((s) => ({ label: `${s.final ? "Final" : "Scoring"} ${s.number}`, value: (_r, seat) => s.totals[seat] })),
      { label: "Total", value: (r) => h("strong", r) }]) : null);
}

export function moveLabel(move, board, ctx) {
  switch (move.type) {
    case "make_chest": return ["Make a chest (1 AP)", label(move.kind)];
    case "lay": return [`Lay ${label(move.kind)} (1 AP)`, `on chest ${move.chest + 1}`];
    case "play_doubler": return ["Play the doubler (1 AP)", `on chest ${move.chest + 1}`];
    case "take_display": return ["Take from the display (1 AP)", board?.display ? label(board.display[move.slot]) : `slot ${move.slot + 1}`];
    case "draw_blind": return ["Draw blind (2 AP)", null];
    case "move_fox": return [`Move the fox (${move.owner === ctx.viewer ? 1 : 2} AP)`, `to ${ctx.name(move.owner)}'s chest ${move.chest + 1}`];
    case "pass_fox": return ["Pass the fox (free)", `to chest ${move.chest + 1}`];
    case "end_turn": return ["End the turn", null];
    default: return [move.type, null];
  }
}

// The board element a move concerns, so that it can be clicked there too.
export function target(move, _board, ctx) {
  switch (move.type) {
    case "take_display": return `[data-slot="${move.slot}"]`;
    case "draw_blind": return ".pile-stack";
    case "lay": case "play_doubler": return `[data-seat="${ctx.viewer}"] [data-chest="${move.chest}"]`;
    case "move_fox": return `[data-seat="${move.owner}"] [data-chest="${move.chest}"]`;
    case "pass_fox": return `[data-seat="${(ctx.viewer + 1) % ctx.summary.seats.length}"] [data-chest="${move.chest}"]`;
    default: return null;
  }
}

export function describeEvent(event, ctx) {
  const d = event.data || {};
  switch (event.type) {
    case "CardsDealt": return `the cards are dealt; ${ctx.seat(d.start_player)} starts`;
    case "ChestMade": return `${ctx.who(d.seat)} made a chest from ${label(d.card)}`;
    case "CardLaid": return `${ctx.who(d.seat)} laid ${label(d.card)} on chest ${d.chest + 1}`;
    case "FoxEntered": return `the fox enters on chest ${d.chest + 1} of ${ctx.seat(d.owner)}`;
    case "DoublerPlayed": return `${ctx.who(d.seat)} doubled chest ${d.chest + 1}`;
    case "DisplayCardTaken": return `${ctx.who(d.seat)} took ${label(d.card)} from the display`;
    case "BlindDrawBegun": return `${ctx.who(d.seat)} draws blind (2 action points)`;
    case "CardDrawnBlind": return `${ctx.who(d.seat)} drew ${d.card ? label(d.card) : "a card"} blind`;
    case "DisplayRefilled": return `the display gets ${label(d.card)}`;
    case "ScoringCardSetAside": return `Chick Berry card ${d.count} turns up`;
    case "ScoringHeld": case "FinalScoringHeld": return `${event.type === "FinalScoringHeld" ? "final " : ""}scoring ${d.number}: ${d.totals.join(" / ")}`;
    case "FoxMoved": case "FoxPassed": return `${ctx.who(d.seat)} moved the fox to chest ${d.chest + 1} of ${ctx.seat(d.owner)}`;
    case "TurnEnded": return `the turn passes to ${ctx.seat(d.next)}`;
    default: return null;
  }
}

// What docs/events.md hides while the game runs, for the replay's log before the end.
export function redactEvent(event, viewer) {
  const d = event.data;
  if (event.type === "CardsDealt") return { ...event, data: { ...d, pile: undefined, hands: d.hands.map((hand, seat) => (seat === viewer ? hand : null)) } };
  if (event.type === "CardDrawnBlind" && d.seat !== viewer) return { ...event, data: { ...d, card: null } };
  return event;
}

export const name = "Gloria Picktoria";
