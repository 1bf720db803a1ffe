// Small DOM helpers shared by every page and game module.

// h("div.card.back", {title: "…", onclick}, child, "text", [more]) → an element.
export function h(spec, attrs, ...children) {
  if (attrs === null || typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = {};
  }
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// The page-wide message for an error (a problem's title and detail, its field errors).
export function showError(error) {
  const notice = document.getElementById("notice");
  const fields = error?.errors ? flattenErrors(error.errors) : [];
  mount(
    notice,
    h("div.problem", { role: "alert" },
      h("strong", error?.title || "Something went wrong"),
      error?.detail ? h("span", " — ", error.detail) : (!error?.title ? h("span", " — ", String(error?.message || error)) : null),
      fields.length ? h("ul", fields.map((f) => h("li", f))) : null,
      h("button.close", { type: "button", "aria-label": "Dismiss", onclick: clearError }, "×")),
  );
}

export function clearError() {
  document.getElementById("notice")?.replaceChildren();
}

function flattenErrors(errors, prefix = "") {
  if (Array.isArray(errors)) return [`${prefix || "body"}: ${errors.join(" ")}`];
  return Object.entries(errors).flatMap(([key, value]) => flattenErrors(value, prefix ? `${prefix}.${key}` : key));
}

export function crumbs(...items) {
  mount(document.getElementById("crumbs"),
    items.map((item, i) => [i ? h("span.sep", { "aria-hidden": "true" }, "›") : null,
      item.href ? h("a", { href: item.href }, item.label) : h("span", { "aria-current": "page" }, item.label)]));
}

export const shortId = (id) => (id || "").slice(0, 8);

export function ago(iso) {
  if (!iso) return "";
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

// Seats are numbered from 0 on the page, as in the API and the command line.
export const seatNo = (seat) => `Seat ${seat}`;

export function seatName(summary, seat) {
  const info = summary?.seats?.[seat];
  if (!info) return seatNo(seat);
  // Two bots of one strategy share a name; the seat number tells them apart.
  if (info.kind === "bot" && (!info.name || info.name === `${info.strategy} bot`)) return `${info.strategy} bot ${seat}`;
  return info.name || seatNo(seat);
}

export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A text field with the value selected on focus and a button that copies it.
export function copyField(id, value, label) {
  const field = h("input.copy-value", { id, type: "text", readonly: true, value, "aria-label": label, size: Math.max(20, value.length) });
  field.addEventListener("focus", () => field.select());
  const button = h("button.copy", { type: "button", id: `${id}-copy` }, "Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(value);
      button.textContent = "Copied";
    } catch {
      field.focus();
      field.select();
      button.textContent = "Selected: press Ctrl+C";
    }
  });
  return h("span.copy-field", field, button);
}
