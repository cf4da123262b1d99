/** JSON inside a <script> data block: '<' is escaped so no value can close the element. */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
