/** Prints a scenario's measured numbers on one line (the fault-tolerance table in docs/performance.md is made from them). */
export function report(scenario: string, numbers: Record<string, unknown>): void {
  console.log(`[fault] ${scenario}: ${JSON.stringify(numbers)}`);
}
