const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-10" as staff say it: "Oct 2025". Anything else is shown as it came. */
export function monthName(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? names[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}
