/**
 * Below the md breakpoint a table reads as one card per row (the header hidden, each cell's column
 * name above its value from its `data-label`, two columns) instead of a strip a phone has to scroll
 * sideways. `fullWidth` selects the cells that run across the whole card (actions, a summary);
 * `more` adds a table's own rules for phones.
 */
export function tableAsCards(fullWidth: string, more: Record<string, object> = {}) {
  return {
    '@media (max-width: 899.95px)': {
      '& thead': { display: 'none' },
      '& tbody tr': { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider' },
      '& tbody td': { display: 'block', border: 0, p: 0, minWidth: 0, maxWidth: 'none' },
      '& tbody td[data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: '0.75rem', color: 'text.secondary' },
      [`& tbody td${fullWidth}, & tbody td[colspan]`]: { gridColumn: '1 / -1' },
      ...more,
    },
  } as const;
}
