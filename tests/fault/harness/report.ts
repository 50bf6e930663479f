/** Prints a scenario's measured numbers on one line (the README's fault-tolerance table is made from them). */
export function report(scenario: string, numbers: Record<string, unknown>): void {
  console.log(`[fault] ${scenario}: ${JSON.stringify(numbers)}`);
}
