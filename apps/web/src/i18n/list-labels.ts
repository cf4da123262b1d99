import i18next, { t } from 'i18next';

// The fixed lists (batches, class types, districts, regions) are sent and stored in English, as the
// contract has them; only what the reader sees is translated. A value the dictionary does not know
// (an older class type, say) is shown as stored.

type ListName = 'classType' | 'district' | 'history' | 'region' | 'state' | 'provider';

export function listLabel(list: ListName, value: string): string {
  const key = `lists.${list}.${value}`;
  // The key is built at run time; exists() is what guards it.
  return i18next.exists(key) ? t(key as 'lists.classType.Theory') : value;
}
