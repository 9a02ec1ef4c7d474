/** The workbench greeting key for the hour of the day. */
export function greetingKey(hour: number): 'workbench.morning' | 'workbench.afternoon' | 'workbench.evening' {
  if (hour < 12) return 'workbench.morning';
  if (hour < 18) return 'workbench.afternoon';
  return 'workbench.evening';
}
