// canonical(x): the exact bytes the server hashes (docs/fairness.md §5) — keys sorted by code
// point, no whitespace, non-ASCII as itself, only integers within ±(2^53 − 1). It equals
// Python's json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False); string
// escaping is JSON.stringify's, which matches Python's for every well-formed string.

function byCodePoint(a, b) {
  // JS compares UTF-16 code units; Python compares code points. They differ only when a
  // surrogate pair (U+10000 and up) meets a character in U+E000..U+FFFF.
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
  }
  return x.length - y.length;
}

export function canonical(value) {
  if (value === null || value === true || value === false) return String(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not a canonical integer: ${value}`);
    return String(value);
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  throw new TypeError(`not canonical JSON: ${typeof value}`);
}
