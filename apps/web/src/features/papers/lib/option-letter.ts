/** Options are named A–F by their place: in the student's order in their review, in the paper's own order for the tutor. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}
