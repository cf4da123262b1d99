// Students give their WhatsApp number in whatever shape they are used to writing it. An SMS goes
// only to a Sri Lankan mobile (the 07 range), which both providers take as 947XXXXXXXX; a landline,
// a short or a foreign number has no SMS (notifications.md, 'SMS').

const SRI_LANKAN_MOBILE = /^(?:0|\+94|0094|94)(7\d{8})$/;

/** `077 123 4567`, `+94-77-1234567`, `0094771234567`, `94771234567` → `94771234567`; anything else → null. */
export function sriLankanMobile(raw: string): string | null {
  const digits = SRI_LANKAN_MOBILE.exec(raw.trim().replace(/[\s-]/g, ''))?.[1];
  return digits ? `94${digits}` : null;
}

/** `94771234567` → `077 ••• 4567`: enough for a student to recognise their number on the preferences card. */
export function maskedMobile(number: string): string {
  return `0${number.slice(2, 4)} ••• ${number.slice(-4)}`;
}
