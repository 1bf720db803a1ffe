// The seats this browser holds, per game: {seat, token, name}. A reload resumes the game.
const KEY = (id) => `foxden:seats:${id}`;

export function heldSeats(id) {
  try {
    const held = JSON.parse(localStorage.getItem(KEY(id)) || "[]");
    return Array.isArray(held) ? held.filter((s) => Number.isInteger(s.seat) && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

export function holdSeat(id, seat, token, name) {
  const held = heldSeats(id).filter((s) => s.seat !== seat);
  held.push({ seat, token, name });
  held.sort((a, b) => a.seat - b.seat);
  localStorage.setItem(KEY(id), JSON.stringify(held));
}

export function forgetSeat(id, seat) {
  localStorage.setItem(KEY(id), JSON.stringify(heldSeats(id).filter((s) => s.seat !== seat)));
}

export function tokenFor(id, seat) {
  return heldSeats(id).find((s) => s.seat === seat)?.token || null;
}

// The seat this browser plays at the table now (the one last chosen, else the first held).
export function activeSeat(id) {
  const held = heldSeats(id);
  const chosen = Number(localStorage.getItem(`foxden:active:${id}`));
  return held.find((s) => s.seat === chosen) || held[0] || null;
}

export function chooseSeat(id, seat) {
  localStorage.setItem(`foxden:active:${id}`, String(seat));
}
