/** The figures of the chart demos: computed, the same on every load (no random numbers). */

/** The keyboard chart's 30 columns: two bar series that rise and fall, and their sum as a line. */
export function keyboardData(): { x: string[]; first: number[]; second: number[]; total: number[] } {
  const x = Array.from({ length: 30 }, (_, i) => String(i + 1));
  const first = x.map((_, i) => Math.round((Math.sin(i / 5) * (i / 5 - 10) + i / 6) * 5 + 60));
  const second = x.map((_, i) => Math.round((Math.cos(i / 5) * (i / 5 - 10) + i / 6) * 5 + 60));
  const total = first.map((v, i) => v + second[i]!);
  return { x, first, second, total };
}

export const LINE_SERIES = ['CMCC', 'CTCC', 'CNC'] as const;

/** The line chart: a reading every hour of a day for three operators. */
export function lineData(): { x: string[]; series: Record<(typeof LINE_SERIES)[number], number[]> } {
  const x = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const wave = (base: number, amplitude: number, phase: number) =>
    x.map((_, h) => Math.round(base + amplitude * Math.sin((h + phase) / 3.8) + ((h * 7) % 5)));
  return { x, series: { CMCC: wave(220, 40, 0), CTCC: wave(180, 30, 4), CNC: wave(120, 25, 9) } };
}

/** The mix chart: female and male counts per year, stacked, and their average as a line. */
export function mixData(): { years: string[]; female: number[]; male: number[]; average: number[] } {
  const years = Array.from({ length: 18 }, (_, i) => String(2008 + i));
  const female = years.map((_, i) => 700 + ((i * 137) % 400) + i * 20);
  const male = years.map((_, i) => 650 + ((i * 211) % 450) + i * 15);
  const average = female.map((f, i) => Math.round((f + male[i]!) / 2));
  return { years, female, male, average };
}
