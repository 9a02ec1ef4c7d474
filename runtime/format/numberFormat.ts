const SI_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 10000 -> "10k", 1234567 with 2 digits -> "1.23M" (k, M, G, T, P, E); trailing zeros dropped. */
export function abbreviateNumber(num: number, digits = 0): string {
  for (const unit of SI_UNITS) {
    if (Math.abs(num) >= unit.value) {
      return (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return String(num);
}

/** 1234567.89 -> "1,234,567.89" (the integer part grouped by thousands). */
export function toThousands(num: number | string): string {
  const [int = '', frac] = String(num).split('.');
  const grouped = int.replace(/^(-?\d+?)((?:\d{3})+)$/, (_, head: string, rest: string) => `${head}${rest.replace(/\d{3}/g, ',$&')}`);
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** "hello" -> "Hello". */
export function uppercaseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An optional sign, an integer part without leading zeros, optional decimals. */
export function isNumberString(value: string): boolean {
  return /^[+-]?(0|[1-9]\d*)(\.\d+)?$/.test(value);
}
