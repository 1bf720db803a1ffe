// Cards as people recognise them: a face (a card's identity, data-card) or a back (hidden).
import { h } from "./ui.js";

// An empty place (a display slot between a take and its refill, an exhausted pile): an outline,
// never a blank card.
export function emptySlot(title = "empty") {
  return h("div.slot-empty", { dataset: { empty: "" }, title, role: "img", "aria-label": title }, "empty");
}

export function face(card, label, { cls = "", corner = "", title, sub } = {}) {
  if (card === null || card === undefined) return emptySlot();
  return h(`div.card.face${cls ? "." + cls.split(" ").join(".") : ""}`,
    { dataset: { card }, title: title || label, role: "img", "aria-label": title || label },
    corner ? h("span.corner", corner) : null,
    h("span.label", label),
    sub ? h("span.sub", sub) : null);
}

export function back(title = "a face-down card", { cls = "" } = {}) {
  return h(`div.card.back${cls ? "." + cls.split(" ").join(".") : ""}`,
    { dataset: { hidden: "" }, title, role: "img", "aria-label": title });
}

// A seat's panel at the table: its name, badges (crown, turn, winner) and contents.
export function seatPanel(ctx, seat, { badges = [], cls = "" } = {}, ...contents) {
  const you = ctx.viewer === seat;
  const acting = ctx.toAct?.includes(seat);
  const winner = ctx.winners?.includes(seat);
  const takenOver = ctx.seats?.[seat]?.taken_over;
  return h(`section.seat${cls ? "." + cls : ""}`,
    { class: [acting && "acting", you && "you", winner && "winner"].filter(Boolean).join(" "), dataset: { seat: String(seat) }, "aria-label": ctx.name(seat) },
    h("header.seat-head",
      h("span.seat-name", ctx.name(seat)),
      takenOver ? h("span.badge.bot", { dataset: { takenOver }, title: takenOver === "idle" ? "its player did not act in time: a bot plays the seat now" : "its player left: a bot plays the seat now" },
        takenOver === "idle" ? "bot (idle)" : "bot (left)") : null,
      you ? h("span.badge.you", "you") : null,
      acting ? h("span.badge.turn", ctx.over ? "" : "to act") : null,
      winner ? h("span.badge.win", "winner") : null,
      badges),
    contents);
}

export function scoreTable(ctx, rows, columns) {
  return h("table.scores",
    h("thead", h("tr", h("th", "Seat"), columns.map((c) => h("th", c.label)))),
    h("tbody", rows.map((row, seat) => h("tr", { class: ctx.winners?.includes(seat) ? "winner" : "" },
      h("th", ctx.name(seat)), columns.map((c) => h("td", c.value(row, seat)))))));
}
